import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { actor } from '#tests/helpers/actors'
import { expectProblem } from '#tests/helpers/responses'
import { UserType } from '#enums/user_type'
import { ordersOnFourDays, placedCheckout } from '#tests/functional/orders/support'
import { allBut, expectRoleMatrix } from '#tests/helpers/role_matrix'
import { eachInTransaction } from '#tests/helpers/transactions'

const UNKNOWN_ID = '7c9e6679-7425-40de-944b-e07fc1f90ae7'
const LIST = '/api/v1/admin/orders'

const fieldsOf = (body: { errors?: Array<{ field: string }> }) =>
  (body.errors ?? []).map((error) => error.field).sort()

const idsOf = (body: { items: Array<{ id: string }> }) => body.items.map((order) => order.id).sort()

test.group('Admin orders: who may call', (group) => {
  eachInTransaction(group)

  test('every route needs an admin token', async ({ client, assert }) => {
    const routes = [
      () => client.get(LIST),
      () => client.get(`${LIST}/${UNKNOWN_ID}`),
      () => client.put(`${LIST}/${UNKNOWN_ID}/status`).json({ status: 'CONFIRMED' }),
      () => client.put(`${LIST}/${UNKNOWN_ID}/payment-status`).json({ paymentStatus: 'PAID' }),
    ]
    await expectRoleMatrix(assert, routes, {
      refused: allBut(UserType.ADMIN, UserType.SUPER_ADMIN),
    })
  })
})

test.group('GET /api/v1/admin/orders', (group) => {
  eachInTransaction(group)

  test('lists every order, filtered by status, shop and placement dates', async ({
    client,
    assert,
  }) => {
    const { one, two } = await ordersOnFourDays()
    const { authorization } = await actor(UserType.ADMIN)
    const list = async (qs: Record<string, string>) => {
      const response = await client.get(LIST).qs(qs).header('Authorization', authorization)
      response.assertStatus(200)
      return response.body()
    }

    const all = await list({})
    assert.equal(all.total, 4)
    // Newest first.
    assert.deepEqual(
      all.items.map((order: { id: string }) => order.id),
      [two.orders[1].id, two.orders[0].id, one.orders[1].id, one.orders[0].id]
    )

    assert.deepEqual(idsOf(await list({ status: 'CANCELLED' })), [two.orders[1].id])
    assert.deepEqual(idsOf(await list({ shopId: one.second.shop.id })), [one.orders[1].id])
    // A date `to` includes the whole day; `from` starts at its first instant.
    assert.deepEqual(
      idsOf(await list({ from: '2026-01-10', to: '2026-01-31' })),
      [one.orders[0].id, one.orders[1].id].sort()
    )
    assert.deepEqual(
      idsOf(await list({ from: '2026-02-01' })),
      [two.orders[0].id, two.orders[1].id].sort()
    )
    assert.deepEqual(idsOf(await list({ to: '2026-01-31T23:59:58Z' })), [one.orders[0].id])
    assert.deepEqual(
      idsOf(await list({ from: '2026-01-31T23:59:59.000Z', to: '2026-02-01T00:00:00Z' })),
      [one.orders[1].id, two.orders[0].id].sort()
    )
  })

  test('refuses malformed filters', async ({ client, assert }) => {
    const { authorization } = await actor(UserType.SUPER_ADMIN)
    const bad = await client
      .get(LIST)
      .qs({ from: 'yesterday', to: '2026-13-40', status: 'NEW', shopId: '42' })
      .header('Authorization', authorization)
    assert.deepEqual(fieldsOf(expectProblem(assert, bad, 400, 'VALIDATION_FAILED')), [
      'from',
      'shopId',
      'status',
      'to',
    ])
    const reversed = await client
      .get(LIST)
      .qs({ from: '2026-02-01', to: '2026-01-01' })
      .header('Authorization', authorization)
    assert.deepEqual(fieldsOf(expectProblem(assert, reversed, 400, 'VALIDATION_FAILED')), ['to'])
  })
})

test.group('Admin order changes', (group) => {
  eachInTransaction(group)

  test('shows any order; an unknown id is a 404', async ({ client, assert }) => {
    const { orders } = await placedCheckout()
    const { authorization } = await actor(UserType.ADMIN)
    const response = await client
      .get(`${LIST}/${orders[1].id}`)
      .header('Authorization', authorization)
    response.assertStatus(200)
    assert.equal(response.body().id, orders[1].id)
    assert.lengthOf(response.body().statusHistory, 1)
    const unknown = await client.get(`${LIST}/${UNKNOWN_ID}`).header('Authorization', authorization)
    expectProblem(assert, unknown, 404, 'ORDER_NOT_FOUND')
  })

  test('moves any order and records the admin as its author', async ({ client, assert }) => {
    const { orders, coupon, mug } = await placedCheckout()
    const admin = await actor(UserType.ADMIN)
    const confirmed = await client
      .put(`${LIST}/${orders[0].id}/status`)
      .header('Authorization', admin.authorization)
      .json({ status: 'CONFIRMED' })
    confirmed.assertStatus(200)
    assert.containsSubset(confirmed.body().statusHistory[1], {
      from: 'PENDING',
      to: 'CONFIRMED',
      changedBy: 'ADMIN',
    })

    // Cancelling both orders of the checkout gives the coupon use back.
    for (const order of orders) {
      const cancelled = await client
        .put(`${LIST}/${order.id}/status`)
        .header('Authorization', admin.authorization)
        .json({ status: 'CANCELLED' })
      cancelled.assertStatus(200)
    }
    const couponRow = await db.from('coupons').where('id', coupon.id).firstOrFail()
    assert.equal(Number(couponRow.usage_count), 0)
    const mugRow = await db.from('product_variants').where('id', mug.id).firstOrFail()
    assert.equal(Number(mugRow.stock), 100)
    const history = await db
      .from('order_status_history')
      .where('order_id', orders[0].id)
      .where('sequence', 3)
      .firstOrFail()
    assert.equal(history.actor_id, admin.user.id)

    const again = await client
      .put(`${LIST}/${orders[0].id}/status`)
      .header('Authorization', admin.authorization)
      .json({ status: 'CANCELLED' })
    expectProblem(assert, again, 409, 'INVALID_STATUS_TRANSITION')
  })

  test('records payments for any order', async ({ client, assert }) => {
    const { orders } = await placedCheckout()
    const { authorization } = await actor(UserType.SUPER_ADMIN)
    const paid = await client
      .put(`${LIST}/${orders[1].id}/payment-status`)
      .header('Authorization', authorization)
      .json({ paymentStatus: 'PAID' })
    paid.assertStatus(200)
    assert.equal(paid.body().paymentStatus, 'PAID')
    const again = await client
      .put(`${LIST}/${orders[1].id}/payment-status`)
      .header('Authorization', authorization)
      .json({ paymentStatus: 'PAID' })
    expectProblem(assert, again, 409, 'INVALID_PAYMENT_STATUS_TRANSITION')
    const unknown = await client
      .put(`${LIST}/${UNKNOWN_ID}/payment-status`)
      .header('Authorization', authorization)
      .json({ paymentStatus: 'PAID' })
    expectProblem(assert, unknown, 404, 'ORDER_NOT_FOUND')
  })
})
