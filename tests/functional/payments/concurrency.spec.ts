/*
| Races on card payments with real parallel requests, outside any test transaction (see
| tests/functional/checkout/concurrency.spec.ts): one webhook delivered many times at once, and a
| capture racing the expiry worker of two instances and the customer's cancellations. They
| matter most on PostgreSQL, where requests truly overlap; SQLite runs one writer at a time.
*/
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { PaymentExpiryService } from '#services/payments/payment_expiry_service'
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

test.group('Payments under concurrency', (group) => {
  const { userIds } = deletedAfterEach(group)
  const stripe = withStripe(group)
  const intents: string[] = []
  const eventIds: string[] = []
  group.each.setup(() => async () => {
    await db.from('payment_events').whereIn('event_id', eventIds).delete()
    for (const intentId of intents) {
      await db.from('outbox_messages').whereLike('payload', `%${intentId}%`).delete()
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
  })

  /** A two-shop cart placed by card and committed; its payment. */
  async function placedByCard(client: Parameters<typeof postAs>[0]) {
    const cart = await twoShopCart()
    userIds.push(cart.customer.user.id, cart.first.user.id, cart.second.user.id)
    const fields = orderFields(cart.customer, cart.standard, { paymentMethod: 'CREDIT_CARD' })
    const response = await postAs(client, '/api/v1/checkout/place-order', cart.customer, fields)
    response.assertStatus(201)
    const orders = response.body() as Array<{ id: string; checkoutId: string }>
    const payment = await paymentRow(orders[0].checkoutId)
    intents.push(payment.provider_payment_id)
    return {
      ...cart,
      orders,
      checkoutId: orders[0].checkoutId,
      intentId: payment.provider_payment_id as string,
      amount: Number(payment.amount_cents),
    }
  }

  test('the same webhook ten times at once is applied once', async ({ client, assert }) => {
    const placed = await placedByCard(client)
    const event = intentEvent(
      'payment_intent.succeeded',
      placed.intentId,
      placed.checkoutId,
      placed.amount
    )
    eventIds.push(event.id)
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => postWebhook(client, event))
    )
    assert.deepEqual(tally(responses), { 200: 10 })
    const outcomes = responses.map((response) => response.body().outcome).sort()
    assert.deepEqual(outcomes, ['applied', ...Array.from({ length: 9 }, () => 'repeat')])

    const payment = await paymentRow(placed.checkoutId)
    assert.deepEqual(
      [payment.status, Number(payment.captured_amount_cents)],
      ['CAPTURED', placed.amount]
    )
    const history = await db
      .from('order_status_history')
      .whereIn(
        'order_id',
        placed.orders.map((order) => order.id)
      )
      .where('field', 'PAYMENT_STATUS')
    assert.lengthOf(history, 2)
    const mails = await db
      .from('outbox_messages')
      .where('kind', 'payment_received')
      .whereLike('payload', `%${placed.checkoutId}%`)
    assert.lengthOf(mails, 1)
  })

  test('a capture racing two expiry workers and a cancellation ends paid-and-placed or cancelled-with-nothing-kept', async ({
    client,
    assert,
  }) => {
    const expiry = await app.container.make(PaymentExpiryService)
    for (let round = 0; round < 4; round++) {
      const placed = await placedByCard(client)
      await db
        .from('payments')
        .where('checkout_id', placed.checkoutId)
        .update({ expires_at: '2020-01-01 00:00:00' })
      const event = intentEvent(
        'payment_intent.succeeded',
        placed.intentId,
        placed.checkoutId,
        placed.amount
      )
      eventIds.push(event.id)
      const cancel = () =>
        client
          .post(`/api/v1/orders/${placed.orders[round % 2].id}/cancel`)
          .header('Authorization', placed.customer.authorization)
      // Starting order varies per round, so each of them gets to go first.
      const racers = [
        () => postWebhook(client, event),
        () => expiry.expireDue(),
        () => expiry.expireDue(),
        cancel,
      ]
      const rotated = [...racers.slice(round), ...racers.slice(0, round)]
      const outcomes = await Promise.all(rotated.map((racer) => racer()))
      for (const outcome of outcomes) {
        if (typeof outcome === 'object' && 'status' in outcome) {
          assert.oneOf(outcome.status(), [200, 409])
        }
      }

      const payment = await paymentRow(placed.checkoutId)
      const orders = await db.from('orders').where('checkout_id', placed.checkoutId)
      const open = orders.filter((order) => order.status !== 'CANCELLED')
      const kept = Number(payment.captured_amount_cents) - Number(payment.refunded_amount_cents)
      // Money kept is exactly the price of the orders still placed, and every one of them is paid.
      assert.equal(
        kept,
        open.reduce((sum, order) => sum + Number(order.total_cents), 0)
      )
      for (const order of open) {
        assert.deepEqual(
          [order.payment_status, Number(order.paid_amount_cents)],
          ['PAID', Number(order.total_cents)]
        )
      }
      // Whatever is cancelled holds no stock.
      const mug = await db.from('product_variants').where('id', placed.mug.id).firstOrFail()
      const mugHeld = open.some((order) => order.shop_id === placed.first.shop.id) ? 2 : 0
      assert.equal(Number(mug.stock), 100 - mugHeld)
      const tea = await db.from('product_variants').where('id', placed.tea.id).firstOrFail()
      const teaHeld = open.some((order) => order.shop_id === placed.second.shop.id) ? 3 : 0
      assert.equal(Number(tea.stock), 100 - teaHeld)
      // Every refund owed is on its way to the provider, once.
      const refunds = await db
        .from('outbox_messages')
        .where('kind', 'payment_refund')
        .whereLike('payload', `%${placed.intentId}%`)
      const refunded = refunds.reduce(
        (sum, message) => sum + Number(JSON.parse(message.payload).amount),
        0
      )
      assert.equal(refunded, Number(payment.refunded_amount_cents))
      if (open.length === 0) assert.equal(kept, 0)
    }
    assert.isAbove(stripe.calls.length, 0)
  })
})
