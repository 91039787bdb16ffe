import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { actor } from '#tests/helpers/actors'
import { expectProblem } from '#tests/helpers/responses'
import { UserType } from '#enums/user_type'
import { placedCheckout } from '#tests/functional/orders/support'
import { allBut, expectRoleMatrix } from '#tests/helpers/role_matrix'
import { eachInTransaction } from '#tests/helpers/transactions'

const UNKNOWN_ID = '7c9e6679-7425-40de-944b-e07fc1f90ae7'

const fieldsOf = (body: { errors?: Array<{ field: string }> }) =>
  (body.errors ?? []).map((error) => error.field).sort()

const stockOf = async (productId: string) => {
  const row = await db.from('product_variants').where('id', productId).firstOrFail()
  return Number(row.stock)
}

const usageOf = async (couponId: string) => {
  const row = await db.from('coupons').where('id', couponId).firstOrFail()
  return Number(row.usage_count)
}

test.group('Customer orders: who may call', (group) => {
  eachInTransaction(group)

  test('every route needs a customer token', async ({ client, assert }) => {
    const routes = [
      () => client.get('/api/v1/orders'),
      () => client.get(`/api/v1/orders/${UNKNOWN_ID}`),
      () => client.post(`/api/v1/orders/${UNKNOWN_ID}/cancel`),
    ]
    await expectRoleMatrix(assert, routes, { refused: allBut(UserType.CUSTOMER) })
  })
})

test.group('GET /api/v1/orders', (group) => {
  eachInTransaction(group)

  test("lists the customer's own orders with their items, paginated", async ({
    client,
    assert,
  }) => {
    const mine = await placedCheckout()
    await placedCheckout()
    const response = await client
      .get('/api/v1/orders')
      .header('Authorization', mine.customer.authorization)
    response.assertStatus(200)
    const body = response.body()
    assert.containsSubset(body, { total: 2, limit: 20, offset: 0 })
    assert.deepEqual(
      body.items.map((order: { id: string }) => order.id),
      mine.orders.map((order) => order.id)
    )
    assert.lengthOf(body.items[0].items, 2)
    assert.notProperty(body.items[0], 'statusHistory')

    const second = await client
      .get('/api/v1/orders')
      .qs({ limit: 1, offset: 1 })
      .header('Authorization', mine.customer.authorization)
    assert.deepEqual(
      second.body().items.map((order: { id: string }) => order.id),
      [mine.orders[1].id]
    )
  })

  test('filters by status and refuses an unknown one', async ({ client, assert }) => {
    const { customer, orders } = await placedCheckout()
    await client
      .post(`/api/v1/orders/${orders[1].id}/cancel`)
      .header('Authorization', customer.authorization)
    const cancelled = await client
      .get('/api/v1/orders')
      .qs({ status: 'CANCELLED' })
      .header('Authorization', customer.authorization)
    assert.deepEqual(
      cancelled.body().items.map((order: { id: string }) => order.id),
      [orders[1].id]
    )
    const bad = await client
      .get('/api/v1/orders')
      .qs({ status: 'LOST', limit: 500 })
      .header('Authorization', customer.authorization)
    assert.deepEqual(fieldsOf(expectProblem(assert, bad, 400, 'VALIDATION_FAILED')), [
      'limit',
      'status',
    ])
  })
})

test.group('GET /api/v1/orders/{id}', (group) => {
  eachInTransaction(group)

  test('shows an own order with its status history', async ({ client, assert }) => {
    const { customer, orders } = await placedCheckout()
    const response = await client
      .get(`/api/v1/orders/${orders[0].id}`)
      .header('Authorization', customer.authorization)
    response.assertStatus(200)
    const order = response.body()
    assert.containsSubset(order, {
      id: orders[0].id,
      orderNumber: orders[0].orderNumber,
      status: 'PENDING',
      // 25.50 + 5.00 shipping − 5.40 of the 10.00 coupon; no tax rate for California here.
      total: 25.1,
    })
    assert.lengthOf(order.statusHistory, 1)
    assert.containsSubset(order.statusHistory[0], {
      field: 'status',
      from: null,
      to: 'PENDING',
      changedBy: 'CUSTOMER',
    })
    assert.match(order.statusHistory[0].changedAt, /Z$/)
  })

  test("another customer's order, or an unknown id, is a 404", async ({ client, assert }) => {
    const { orders } = await placedCheckout()
    const other = await actor(UserType.CUSTOMER)
    for (const id of [orders[0].id, UNKNOWN_ID]) {
      const response = await client
        .get(`/api/v1/orders/${id}`)
        .header('Authorization', other.authorization)
      expectProblem(assert, response, 404, 'ORDER_NOT_FOUND')
    }
  })
})

test.group('POST /api/v1/orders/{id}/cancel', (group) => {
  eachInTransaction(group)

  test('cancels a pending order: stock back, history kept, coupon kept while another order is open', async ({
    client,
    assert,
  }) => {
    const { customer, orders, mug, spoon, tea, coupon } = await placedCheckout()
    assert.equal(await usageOf(coupon.id), 1)
    const response = await client
      .post(`/api/v1/orders/${orders[0].id}/cancel`)
      .header('Authorization', customer.authorization)
    response.assertStatus(200)
    assert.equal(response.body().status, 'CANCELLED')
    assert.deepEqual(
      response.body().statusHistory.map((entry: any) => [entry.field, entry.from, entry.to]),
      [
        ['status', null, 'PENDING'],
        ['status', 'PENDING', 'CANCELLED'],
      ]
    )
    assert.equal(await stockOf(mug.id), 100)
    assert.equal(await stockOf(spoon.id), 100)
    assert.equal(await stockOf(tea.id), 97)
    assert.equal(await usageOf(coupon.id), 1)

    const row = await db.from('checkouts').where('id', orders[0].checkoutId).firstOrFail()
    assert.equal(Number(row.open_order_count), 1)

    // The last open order of the checkout gives the coupon use back.
    const last = await client
      .post(`/api/v1/orders/${orders[1].id}/cancel`)
      .header('Authorization', customer.authorization)
    last.assertStatus(200)
    assert.equal(await stockOf(tea.id), 100)
    assert.equal(await usageOf(coupon.id), 0)
  })

  test('a second cancel is a 409 and restores nothing twice', async ({ client, assert }) => {
    const { customer, orders, mug, coupon } = await placedCheckout()
    await client
      .post(`/api/v1/orders/${orders[0].id}/cancel`)
      .header('Authorization', customer.authorization)
    const again = await client
      .post(`/api/v1/orders/${orders[0].id}/cancel`)
      .header('Authorization', customer.authorization)
    expectProblem(assert, again, 409, 'INVALID_STATUS_TRANSITION')
    assert.equal(await stockOf(mug.id), 100)
    assert.equal(await usageOf(coupon.id), 1)
    assert.lengthOf(await db.from('order_status_history').where('order_id', orders[0].id), 2)
  })

  test('a confirmed order may be cancelled; a shipped one may not', async ({ client, assert }) => {
    const { customer, first, orders } = await placedCheckout()
    await client
      .put(`/api/v1/seller/orders/${orders[0].id}/status`)
      .header('Authorization', first.authorization)
      .json({ status: 'CONFIRMED' })
    const confirmed = await client
      .post(`/api/v1/orders/${orders[0].id}/cancel`)
      .header('Authorization', customer.authorization)
    confirmed.assertStatus(200)

    const second = await placedCheckout()
    for (const status of ['CONFIRMED', 'SHIPPED']) {
      await client
        .put(`/api/v1/seller/orders/${second.orders[1].id}/status`)
        .header('Authorization', second.second.authorization)
        .json({ status })
    }
    const shipped = await client
      .post(`/api/v1/orders/${second.orders[1].id}/cancel`)
      .header('Authorization', second.customer.authorization)
    expectProblem(assert, shipped, 409, 'INVALID_STATUS_TRANSITION')
    assert.equal(await stockOf(second.tea.id), 97)
  })

  test("another customer's order is a 404 and stays as it was", async ({ client, assert }) => {
    const { orders, mug } = await placedCheckout()
    const other = await actor(UserType.CUSTOMER)
    const response = await client
      .post(`/api/v1/orders/${orders[0].id}/cancel`)
      .header('Authorization', other.authorization)
    expectProblem(assert, response, 404, 'ORDER_NOT_FOUND')
    const row = await db.from('orders').where('id', orders[0].id).firstOrFail()
    assert.equal(row.status, 'PENDING')
    assert.equal(await stockOf(mug.id), 98)
  })
})
