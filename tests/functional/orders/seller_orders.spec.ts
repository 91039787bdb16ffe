import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { expectProblem } from '#tests/helpers/responses'
import { UserType } from '#enums/user_type'
import { ShopFactory } from '#database/factories/shop_factory'
import { placedCheckout } from '#tests/functional/orders/support'
import { allBut, expectRoleMatrix } from '#tests/helpers/role_matrix'
import { eachInTransaction } from '#tests/helpers/transactions'

const UNKNOWN_ID = '7c9e6679-7425-40de-944b-e07fc1f90ae7'
const statusOf = (id: string) => `/api/v1/seller/orders/${id}/status`
const paymentOf = (id: string) => `/api/v1/seller/orders/${id}/payment-status`

const fieldsOf = (body: { errors?: Array<{ field: string }> }) =>
  (body.errors ?? []).map((error) => error.field).sort()

const idsOf = (body: { items: Array<{ id: string }> }) => body.items.map((order) => order.id)

test.group('Seller orders: who may call', (group) => {
  eachInTransaction(group)

  test('every route needs a seller token', async ({ client, assert }) => {
    const routes = [
      () => client.get('/api/v1/seller/orders'),
      () => client.get(`/api/v1/seller/orders/${UNKNOWN_ID}`),
      () => client.put(statusOf(UNKNOWN_ID)).json({ status: 'CONFIRMED' }),
      () => client.put(paymentOf(UNKNOWN_ID)).json({ paymentStatus: 'PAID' }),
    ]
    await expectRoleMatrix(assert, routes, { refused: allBut(UserType.SELLER) })
  })
})

test.group('GET /api/v1/seller/orders', (group) => {
  eachInTransaction(group)

  test('lists only the orders of the seller’s shops, filtered by status and shop', async ({
    client,
    assert,
  }) => {
    const placed = await placedCheckout()
    await placedCheckout()
    // A second shop of the same seller, with no orders.
    const idle = await ShopFactory.merge({ sellerId: placed.first.user.id }).create()

    const all = await client
      .get('/api/v1/seller/orders')
      .header('Authorization', placed.first.authorization)
    all.assertStatus(200)
    assert.deepEqual(idsOf(all.body()), [placed.orders[0].id])
    assert.equal(all.body().total, 1)

    const byShop = await client
      .get('/api/v1/seller/orders')
      .qs({ shopId: idle.id })
      .header('Authorization', placed.first.authorization)
    assert.deepEqual(idsOf(byShop.body()), [])

    // Another seller's shop id shows nothing either.
    const foreign = await client
      .get('/api/v1/seller/orders')
      .qs({ shopId: placed.second.shop.id })
      .header('Authorization', placed.first.authorization)
    assert.deepEqual(idsOf(foreign.body()), [])

    const pending = await client
      .get('/api/v1/seller/orders')
      .qs({ status: 'PENDING' })
      .header('Authorization', placed.first.authorization)
    assert.deepEqual(idsOf(pending.body()), [placed.orders[0].id])
    const shipped = await client
      .get('/api/v1/seller/orders')
      .qs({ status: 'SHIPPED' })
      .header('Authorization', placed.first.authorization)
    assert.deepEqual(idsOf(shipped.body()), [])

    const bad = await client
      .get('/api/v1/seller/orders')
      .qs({ status: 'pending', shopId: 'x' })
      .header('Authorization', placed.first.authorization)
    assert.deepEqual(fieldsOf(expectProblem(assert, bad, 400, 'VALIDATION_FAILED')), [
      'shopId',
      'status',
    ])
  })

  test('shows one order of its shops; another shop’s order is a 404', async ({
    client,
    assert,
  }) => {
    const placed = await placedCheckout()
    const own = await client
      .get(`/api/v1/seller/orders/${placed.orders[0].id}`)
      .header('Authorization', placed.first.authorization)
    own.assertStatus(200)
    assert.lengthOf(own.body().statusHistory, 1)
    const foreign = await client
      .get(`/api/v1/seller/orders/${placed.orders[1].id}`)
      .header('Authorization', placed.first.authorization)
    expectProblem(assert, foreign, 404, 'ORDER_NOT_FOUND')
  })
})

test.group('PUT /api/v1/seller/orders/{id}/status', (group) => {
  eachInTransaction(group)

  test('moves an order PENDING → CONFIRMED → SHIPPED → DELIVERED, recording each step', async ({
    client,
    assert,
  }) => {
    const { first, orders } = await placedCheckout()
    for (const status of ['CONFIRMED', 'SHIPPED', 'DELIVERED']) {
      const response = await client
        .put(statusOf(orders[0].id))
        .header('Authorization', first.authorization)
        .json({ status })
      response.assertStatus(200)
      assert.equal(response.body().status, status)
    }
    const row = await db.from('orders').where('id', orders[0].id).firstOrFail()
    assert.equal(row.status, 'DELIVERED')
    const history = await db
      .from('order_status_history')
      .where('order_id', orders[0].id)
      .orderBy('sequence')
    assert.deepEqual(
      history.map((entry) => [entry.sequence, entry.from_value, entry.to_value, entry.actor_type]),
      [
        [1, null, 'PENDING', 'CUSTOMER'],
        [2, 'PENDING', 'CONFIRMED', 'SELLER'],
        [3, 'CONFIRMED', 'SHIPPED', 'SELLER'],
        [4, 'SHIPPED', 'DELIVERED', 'SELLER'],
      ]
    )
    assert.equal(history[1].actor_id, first.user.id)
  })

  test('refuses a step the state machine does not have: {$self}')
    .with([
      'PENDING>SHIPPED',
      'PENDING>DELIVERED',
      'PENDING>PENDING',
      'CONFIRMED>CONFIRMED',
      'SHIPPED>CANCELLED',
      'DELIVERED>CANCELLED',
      'DELIVERED>SHIPPED',
      'CANCELLED>CONFIRMED',
    ])
    .run(async ({ client, assert }, step) => {
      const [start, target] = step.split('>')
      const { first, orders } = await placedCheckout()
      const path: Record<string, string[]> = {
        PENDING: [],
        CONFIRMED: ['CONFIRMED'],
        SHIPPED: ['CONFIRMED', 'SHIPPED'],
        DELIVERED: ['CONFIRMED', 'SHIPPED', 'DELIVERED'],
        CANCELLED: ['CANCELLED'],
      }
      for (const status of path[start]) {
        const moved = await client
          .put(statusOf(orders[0].id))
          .header('Authorization', first.authorization)
          .json({ status })
        moved.assertStatus(200)
      }
      const response = await client
        .put(statusOf(orders[0].id))
        .header('Authorization', first.authorization)
        .json({ status: target })
      expectProblem(assert, response, 409, 'INVALID_STATUS_TRANSITION')
      const row = await db.from('orders').where('id', orders[0].id).firstOrFail()
      assert.equal(row.status, start)
    })

  test('a seller cancelling puts the stock back', async ({ client, assert }) => {
    const { second, orders, tea } = await placedCheckout()
    const response = await client
      .put(statusOf(orders[1].id))
      .header('Authorization', second.authorization)
      .json({ status: 'CANCELLED' })
    response.assertStatus(200)
    const row = await db.from('product_variants').where('id', tea.id).firstOrFail()
    assert.equal(Number(row.stock), 100)
  })

  test('another shop’s order is a 404; a bad status is a 400', async ({ client, assert }) => {
    const { first, orders } = await placedCheckout()
    const foreign = await client
      .put(statusOf(orders[1].id))
      .header('Authorization', first.authorization)
      .json({ status: 'CONFIRMED' })
    expectProblem(assert, foreign, 404, 'ORDER_NOT_FOUND')
    const row = await db.from('orders').where('id', orders[1].id).firstOrFail()
    assert.equal(row.status, 'PENDING')

    const invalid = await client
      .put(statusOf(orders[0].id))
      .header('Authorization', first.authorization)
      .json({ status: 'LOST' })
    assert.deepEqual(fieldsOf(expectProblem(assert, invalid, 400, 'VALIDATION_FAILED')), ['status'])
  })
})

test.group('PUT /api/v1/seller/orders/{id}/payment-status', (group) => {
  eachInTransaction(group)

  test('records cash on delivery UNPAID → PAID: paidAmount, history, the payment', async ({
    client,
    assert,
  }) => {
    const { first, orders } = await placedCheckout('CASH_ON_DELIVERY')
    const paid = await client
      .put(paymentOf(orders[0].id))
      .header('Authorization', first.authorization)
      .json({ paymentStatus: 'PAID' })
    paid.assertStatus(200)
    assert.equal(paid.body().paymentStatus, 'PAID')
    assert.equal(paid.body().paidAmount, paid.body().total)
    assert.equal(paid.body().refundedAmount, 0)
    assert.deepEqual(
      paid.body().statusHistory.map((entry: any) => [entry.field, entry.from, entry.to]),
      [
        ['status', null, 'PENDING'],
        ['paymentStatus', 'UNPAID', 'PAID'],
      ]
    )
    const row = await db.from('orders').where('id', orders[0].id).firstOrFail()
    assert.equal(row.payment_status, 'PAID')
    assert.equal(Number(row.paid_amount_cents), Number(row.total_cents))
    // One of two orders paid: the checkout's payment counts it and still waits for the other.
    const payment = await db.from('payments').where('checkout_id', orders[0].checkoutId).first()
    assert.equal(payment.provider, 'manual')
    assert.equal(payment.status, 'PENDING')
    assert.equal(Number(payment.captured_amount_cents), Number(row.total_cents))
  })

  test('a seller records cash on delivery only; a refund is never recorded here', async ({
    client,
    assert,
  }) => {
    for (const method of ['CREDIT_CARD', 'DEBIT_CARD', 'PAYPAL', 'BANK_TRANSFER'] as const) {
      const { first, orders } = await placedCheckout(method)
      const response = await client
        .put(paymentOf(orders[0].id))
        .header('Authorization', first.authorization)
        .json({ paymentStatus: 'PAID' })
      expectProblem(assert, response, 403, 'PAYMENT_RECORDED_BY_ADMIN')
      const row = await db.from('orders').where('id', orders[0].id).firstOrFail()
      assert.deepEqual([row.payment_status, Number(row.paid_amount_cents)], ['UNPAID', 0])
    }
    const { first, orders } = await placedCheckout('CASH_ON_DELIVERY')
    await client
      .put(paymentOf(orders[0].id))
      .header('Authorization', first.authorization)
      .json({ paymentStatus: 'PAID' })
    const refund = await client
      .put(paymentOf(orders[0].id))
      .header('Authorization', first.authorization)
      .json({ paymentStatus: 'REFUNDED' })
    assert.deepEqual(fieldsOf(expectProblem(assert, refund, 400, 'VALIDATION_FAILED')), [
      'paymentStatus',
    ])
    const row = await db.from('orders').where('id', orders[0].id).firstOrFail()
    assert.equal(row.payment_status, 'PAID')
  })

  test('refuses what the payment machine does not allow', async ({ client, assert }) => {
    const { first, orders } = await placedCheckout('CASH_ON_DELIVERY')
    for (const paymentStatus of ['UNPAID', 'REFUNDED', 'PARTIALLY_REFUNDED']) {
      const response = await client
        .put(paymentOf(orders[0].id))
        .header('Authorization', first.authorization)
        .json({ paymentStatus })
      expectProblem(assert, response, 400, 'VALIDATION_FAILED')
    }
    // A cancelled order is not paid any more.
    await client
      .put(statusOf(orders[0].id))
      .header('Authorization', first.authorization)
      .json({ status: 'CANCELLED' })
    const paid = await client
      .put(paymentOf(orders[0].id))
      .header('Authorization', first.authorization)
      .json({ paymentStatus: 'PAID' })
    expectProblem(assert, paid, 409, 'INVALID_PAYMENT_STATUS_TRANSITION')

    const foreign = await client
      .put(paymentOf(orders[1].id))
      .header('Authorization', first.authorization)
      .json({ paymentStatus: 'PAID' })
    expectProblem(assert, foreign, 404, 'ORDER_NOT_FOUND')

    const invalid = await client
      .put(paymentOf(orders[0].id))
      .header('Authorization', first.authorization)
      .json({ status: 'PAID' })
    assert.deepEqual(fieldsOf(expectProblem(assert, invalid, 400, 'VALIDATION_FAILED')), [
      'paymentStatus',
    ])
    const row = await db.from('orders').where('id', orders[1].id).firstOrFail()
    assert.equal(row.payment_status, 'UNPAID')
  })
})
