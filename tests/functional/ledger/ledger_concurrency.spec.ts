/*
| The ledger under real concurrency, outside any test transaction (see
| tests/functional/checkout/concurrency.spec.ts): twenty captures of one card checkout at once
| earn each order once, and twenty refunds at once, then their twenty provider successes at
| once, split to the cent, so every order's identity holds and a full refund leaves both sides
| at 0 (docs/api/ledger.md). It matters most on PostgreSQL, where the transactions truly
| overlap; SQLite runs one writer at a time.
*/
import { randomUUID } from 'node:crypto'
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { UserType } from '#enums/user_type'
import { RefundService } from '#services/payments/refund_service'
import { LedgerService } from '#services/ledger/ledger_service'
import { splitByLargestRemainder } from '#services/checkout/pricing'
import { actor } from '#tests/helpers/actors'
import {
  deletedAfterEach,
  orderFields,
  postAs,
  tally,
  twoShopCart,
} from '#tests/functional/checkout/support'
import {
  intentEvent,
  paymentRow,
  postWebhook,
  withStripe,
} from '#tests/functional/payments/support'
import { orderIdentity } from '#tests/functional/ledger/support'

test.group('Ledger under concurrency', (group) => {
  const { userIds } = deletedAfterEach(group)
  withStripe(group)
  const intents: string[] = []
  const eventIds: string[] = []
  const orderIds: string[] = []
  group.each.setup(() => async () => {
    await db.from('payment_events').whereIn('event_id', eventIds).delete()
    await db.from('admin_actions').whereIn('target_id', orderIds).delete()
    for (const text of [...intents, ...orderIds]) {
      await db.from('outbox_messages').whereLike('payload', `%${text}%`).delete()
    }
    const emails = await db.from('users').whereIn('id', userIds).select('email')
    for (const { email } of emails) {
      await db
        .from('outbox_messages')
        .whereLike('payload', `%${JSON.stringify(email)}%`)
        .delete()
    }
    intents.length = 0
    eventIds.length = 0
    orderIds.length = 0
  })

  test('twenty captures at once earn once; refunds racing past the total and their successes at once split to the cent', async ({
    client,
    assert,
  }) => {
    const cart = await twoShopCart()
    userIds.push(cart.customer.user.id, cart.first.user.id, cart.second.user.id)
    const fields = orderFields(cart.customer, cart.standard, { paymentMethod: 'CREDIT_CARD' })
    const placed = await postAs(client, '/api/v1/checkout/place-order', cart.customer, fields)
    placed.assertStatus(201)
    const orders = placed.body() as Array<{ id: string; checkoutId: string; shopId: string }>
    orderIds.push(...orders.map((order) => order.id))
    const payment = await paymentRow(orders[0].checkoutId)
    intents.push(payment.provider_payment_id)

    // Twenty deliveries of the capture, ten of one event and ten under fresh event ids.
    const events = Array.from({ length: 20 }, (_, index) =>
      intentEvent(
        'payment_intent.succeeded',
        payment.provider_payment_id,
        orders[0].checkoutId,
        Number(payment.amount_cents),
        index < 10 ? `evt_same_${payment.id}` : `evt_${randomUUID()}`
      )
    )
    eventIds.push(...new Set(events.map((event) => event.id as string)))
    const captures = await Promise.all(events.map((event) => postWebhook(client, event)))
    assert.deepEqual(tally(captures), { 200: 20 })
    for (const order of orders) {
      const earnings = await db
        .from('ledger_entries')
        .where('order_id', order.id)
        .where('type', 'ORDER_EARNING')
      assert.lengthOf(earnings, 1, 'one earning per order, however often captured')
    }

    // Twenty refunds of order 0 at once that add up to its total, and two more of a cent.
    const target = orders[0]
    const targetRow = await db.from('orders').where('id', target.id).firstOrFail()
    const total = Number(targetRow.total_cents)
    const parts = splitByLargestRemainder(
      total,
      Array.from({ length: 20 }, (_, index) => ({
        key: String(index).padStart(2, '0'),
        weight: index + 1,
      }))
    )
    const admin = await actor(UserType.ADMIN)
    userIds.push(admin.user.id)
    const refunds = await Promise.all(
      [...parts, 1, 1].map((cents, index) =>
        client
          .post(`/api/v1/admin/orders/${target.id}/refunds`)
          .header('Authorization', admin.authorization)
          .json({ amount: cents / 100, reason: `Parallel refund ${index}` })
      )
    )
    // Which of them fit depends on the race; never more than was paid.
    const made = tally(refunds)
    assert.equal((made['201'] ?? 0) + (made['422 REFUND_EXCEEDS_PAID'] ?? 0), 22)
    const raced = await db.from('orders').where('id', target.id).firstOrFail()
    const left = total - Number(raced.refunded_amount_cents)
    assert.isAtLeast(left, 0)
    if (left > 0) {
      const last = await client
        .post(`/api/v1/admin/orders/${target.id}/refunds`)
        .header('Authorization', admin.authorization)
        .json({ amount: left / 100, reason: 'What is left' })
      last.assertStatus(201)
    }

    // The provider's successes, all at once.
    const refundService = await app.container.make(RefundService)
    const pending = await db
      .from('refunds')
      .where('order_id', target.id)
      .select('id', 'amount_cents')
    assert.isAtLeast(pending.length, 20)
    await Promise.all(pending.map((row) => refundService.succeed(row.id, `re_${row.id}`)))
    const entries = await db
      .from('ledger_entries')
      .where('order_id', target.id)
      .where('type', 'REFUND')
    // One entry per refund, except where the seller's share rounds to nothing: an entry of zero
    // cents is not written, which only a one-cent refund can come to (the take is a small part
    // of the total). The identities below check the money of every one.
    const entered = new Set(entries.map((entry) => entry.refund_id))
    assert.equal(entered.size, entries.length)
    for (const refund of pending.filter((row) => !entered.has(row.id))) {
      assert.equal(Number(refund.amount_cents), 1, `refund ${refund.id} has its entry`)
    }

    for (const order of orders) {
      const identity = await orderIdentity(order.id)
      assert.equal(identity.left, identity.right, `the identity of order ${order.id}`)
    }
    const full = await orderIdentity(target.id)
    assert.equal(full.sellerLeft, 0)
    assert.equal(full.marketplaceLeft, 0)

    const ledger = await app.container.make(LedgerService)
    for (const order of orders) {
      const [sum] = await db
        .from('ledger_entries')
        .where('shop_id', order.shopId)
        .sum('amount_cents as total')
      const balance = await ledger.balance(order.shopId)
      assert.equal(balance.available + balance.pending, Number(sum.total ?? 0))
    }
  })
})
