/*
| Ten refunds of one order sent at once, outside any test transaction (see
| tests/functional/checkout/concurrency.spec.ts): the conditional raise of the order's refunded
| amount, backed by its CHECK, lets through only what was paid. It matters most on PostgreSQL,
| where the requests truly overlap; SQLite runs one writer at a time.
*/
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { UserType } from '#enums/user_type'
import { actor } from '#tests/helpers/actors'
import {
  committedOneLineCart,
  deletedAfterEach,
  orderFields,
  postAs,
  tally,
} from '#tests/functional/checkout/support'

test.group('Refunds under concurrency', (group) => {
  const { userIds } = deletedAfterEach(group)
  const orderIds: string[] = []
  group.each.setup(() => async () => {
    await db.from('admin_actions').whereIn('target_id', orderIds).delete()
    for (const orderId of orderIds) {
      await db.from('outbox_messages').whereLike('payload', `%${orderId}%`).delete()
    }
    const emails = await db.from('users').whereIn('id', userIds).select('email')
    for (const { email } of emails) {
      await db
        .from('outbox_messages')
        .whereLike('payload', `%${JSON.stringify(email)}%`)
        .delete()
    }
    orderIds.length = 0
  })

  test('ten parallel refunds never give back more than was paid', async ({ client, assert }) => {
    const { customer, standard } = await committedOneLineCart(userIds, 4000)
    const fields = orderFields(customer, standard, { paymentMethod: 'BANK_TRANSFER' })
    const placed = await postAs(client, '/api/v1/checkout/place-order', customer, fields)
    placed.assertStatus(201)
    const order = placed.body()[0]
    orderIds.push(order.id)
    const admin = await actor(UserType.ADMIN)
    userIds.push(admin.user.id)
    const paid = await client
      .put(`/api/v1/admin/orders/${order.id}/payment-status`)
      .header('Authorization', admin.authorization)
      .json({ paymentStatus: 'PAID' })
    paid.assertStatus(200)
    const paidCents = Math.round(paid.body().paidAmount * 100)
    // Three of these fit in what was paid, a fourth does not.
    const share = Math.floor(paidCents / 3)
    assert.isAbove(share * 4, paidCents)

    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        client
          .post(`/api/v1/admin/orders/${order.id}/refunds`)
          .header('Authorization', admin.authorization)
          .json({ amount: share / 100, reason: `Parallel refund ${index}` })
      )
    )
    assert.deepEqual(tally(responses), { '201': 3, '422 REFUND_EXCEEDS_PAID': 7 })
    const row = await db.from('orders').where('id', order.id).firstOrFail()
    assert.equal(Number(row.refunded_amount_cents), share * 3)
    const refunds = await db.from('refunds').where('order_id', order.id).orderBy('position')
    assert.deepEqual(
      refunds.map((refund) => [refund.position, Number(refund.amount_cents)]),
      [
        [1, share],
        [2, share],
        [3, share],
      ]
    )
    const payment = await db.from('payments').where('checkout_id', order.checkoutId).firstOrFail()
    assert.equal(Number(payment.refunded_amount_cents), share * 3)
  })
})
