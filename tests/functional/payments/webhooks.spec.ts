/*
| The Stripe webhook and the expiry of unpaid card payments, against the suite's Stripe stand-in:
| signatures, each event applied once, captures, failures, refunds reconciled, and a capture that
| arrives after the checkout was cancelled (refunded in full through the outbox).
*/
import { test } from '@japa/runner'
import { orderIdentity } from '#tests/functional/ledger/support'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { CouponFactory } from '#database/factories/coupon_factory'
import { PaymentExpiryService } from '#services/payments/payment_expiry_service'
import { expectProblem } from '#tests/helpers/responses'
import { eachInTransaction } from '#tests/helpers/transactions'
import { orderFields, postAs, twoShopCart } from '#tests/functional/checkout/support'
import { signatureOf, stripeEvent } from '#tests/helpers/stripe_server'
import {
  drainOutbox,
  intentEvent,
  outboxRows,
  paymentRow,
  postWebhook,
  withStripe,
} from '#tests/functional/payments/support'

/** A two-shop cart with a coupon, placed by card under Stripe; its payment row. */
async function placedByCard(client: Parameters<typeof postAs>[0]) {
  const cart = await twoShopCart()
  const coupon = await CouponFactory.merge({ discountValue: 500, usageLimit: 10 }).create()
  const fields = orderFields(cart.customer, cart.standard, {
    paymentMethod: 'CREDIT_CARD',
    couponCode: coupon.code,
  })
  const response = await postAs(client, '/api/v1/checkout/place-order', cart.customer, fields)
  response.assertStatus(201)
  const orders = response.body() as Array<{ id: string; checkoutId: string; total: number }>
  const checkoutId = orders[0].checkoutId
  const payment = await paymentRow(checkoutId)
  return {
    ...cart,
    coupon,
    orders,
    checkoutId,
    intentId: payment.provider_payment_id as string,
    amount: Number(payment.amount_cents),
  }
}

/** What the checkout looks like in the database: payment, orders, stock, coupon use. */
async function stateOf(placed: Awaited<ReturnType<typeof placedByCard>>) {
  const payment = await paymentRow(placed.checkoutId)
  const orders = await db
    .from('orders')
    .where('checkout_id', placed.checkoutId)
    .orderBy('position', 'asc')
  const mug = await db.from('product_variants').where('id', placed.mug.id).firstOrFail()
  const coupon = await db.from('coupons').where('id', placed.coupon.id).firstOrFail()
  return {
    payment: [
      payment.status,
      Number(payment.captured_amount_cents),
      Number(payment.refunded_amount_cents),
    ],
    orders: orders.map((order) => [
      order.status,
      order.payment_status,
      Number(order.paid_amount_cents),
      Number(order.refunded_amount_cents),
    ]),
    mugStock: Number(mug.stock),
    couponUses: Number(coupon.usage_count),
  }
}

test.group('POST /api/v1/payments/stripe/webhook: signatures', (group) => {
  eachInTransaction(group)
  withStripe(group)

  test('a missing, forged or stale signature is a 400 and changes nothing', async ({
    client,
    assert,
  }) => {
    const placed = await placedByCard(client)
    const before = await stateOf(placed)
    const event = intentEvent(
      'payment_intent.succeeded',
      placed.intentId,
      placed.checkoutId,
      placed.amount
    )

    const missing = await postWebhook(client, event, { signature: null })
    expectProblem(assert, missing, 400, 'INVALID_WEBHOOK_SIGNATURE')
    const forged = await postWebhook(client, event, {
      signature: `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`,
    })
    expectProblem(assert, forged, 400, 'INVALID_WEBHOOK_SIGNATURE')
    // A genuine signature captured ten minutes ago and replayed now.
    const stale = await postWebhook(client, event, {
      timestamp: Math.floor(Date.now() / 1000) - 600,
    })
    expectProblem(assert, stale, 400, 'INVALID_WEBHOOK_SIGNATURE')
    // A body changed after it was signed.
    const payload = JSON.stringify(event)
    const tampered = await client
      .post('/api/v1/payments/stripe/webhook')
      .type('application/json')
      .header('Stripe-Signature', signatureOf(payload))
      .unsafeJson(payload.replace('"amount":', '"amount": '))
    expectProblem(assert, tampered, 400, 'INVALID_WEBHOOK_SIGNATURE')

    assert.deepEqual(await stateOf(placed), before)
    const events = await db.from('payment_events').where('event_id', event.id)
    assert.lengthOf(events, 0)
  })

  test('the body is read raw, whatever its type, and limited like every body', async ({
    client,
    assert,
  }) => {
    const event = stripeEvent('customer.created', { id: 'cus_1' })
    const payload = JSON.stringify(event)
    const asText = await client
      .post('/api/v1/payments/stripe/webhook')
      .type('text/plain')
      .header('Stripe-Signature', signatureOf(payload))
      .unsafeJson(payload)
    asText.assertStatus(200)
    const huge = await client
      .post('/api/v1/payments/stripe/webhook')
      .type('application/json')
      .header('Stripe-Signature', signatureOf('{}'))
      .unsafeJson(JSON.stringify({ padding: 'x'.repeat(1024 * 1024 + 1) }))
    expectProblem(assert, huge, 413, 'PAYLOAD_TOO_LARGE')
  })

  test('unknown event types answer 200 and are ignored', async ({ client, assert }) => {
    const response = await postWebhook(client, stripeEvent('customer.created', { id: 'cus_1' }))
    response.assertStatus(200)
    assert.deepEqual(response.body(), { received: true, outcome: 'ignored' })
  })
})

test.group('POST /api/v1/payments/stripe/webhook: events', (group) => {
  eachInTransaction(group)
  withStripe(group)

  test('succeeded captures once: orders PAID, a payment received mail; a repeat changes nothing', async ({
    client,
    assert,
  }) => {
    const placed = await placedByCard(client)
    const event = intentEvent(
      'payment_intent.succeeded',
      placed.intentId,
      placed.checkoutId,
      placed.amount
    )
    const first = await postWebhook(client, event)
    first.assertStatus(200)
    assert.equal(first.body().outcome, 'applied')

    const after = await stateOf(placed)
    assert.deepEqual(after.payment, ['CAPTURED', placed.amount, 0])
    assert.deepEqual(
      after.orders.map((order) => order.slice(0, 2)),
      [
        ['PENDING', 'PAID'],
        ['PENDING', 'PAID'],
      ]
    )
    assert.equal(after.orders[0][2] + after.orders[1][2], placed.amount)
    const mails = await outboxRows('payment_received', placed.checkoutId)
    assert.lengthOf(mails, 1)
    const history = await db
      .from('order_status_history')
      .where('order_id', placed.orders[0].id)
      .where('field', 'PAYMENT_STATUS')
    assert.deepEqual(
      history.map((entry) => [entry.from_value, entry.to_value, entry.actor_type, entry.actor_id]),
      [['UNPAID', 'PAID', 'SYSTEM', null]]
    )
    const payment = await client
      .get(`/api/v1/checkouts/${placed.checkoutId}/payment`)
      .header('Authorization', placed.customer.authorization)
    assert.containsSubset(payment.body(), { status: 'CAPTURED', clientSecret: null })

    const repeat = await postWebhook(client, event)
    repeat.assertStatus(200)
    assert.equal(repeat.body().outcome, 'repeat')
    assert.deepEqual(await stateOf(placed), after)
    assert.lengthOf(await outboxRows('payment_received', placed.checkoutId), 1)
    await drainOutbox()
    const [received] = await outboxRows('payment_received', placed.checkoutId)
    assert.equal(received.status, 'SENT')

    // A failure that arrives after the capture (out of order) is ignored.
    const late = await postWebhook(
      client,
      intentEvent(
        'payment_intent.payment_failed',
        placed.intentId,
        placed.checkoutId,
        placed.amount
      )
    )
    late.assertStatus(200)
    assert.deepEqual(await stateOf(placed), after)
  })

  test('an event whose metadata names another checkout changes neither', async ({
    client,
    assert,
  }) => {
    const one = await placedByCard(client)
    const two = await placedByCard(client)
    const before = [await stateOf(one), await stateOf(two)]
    const response = await postWebhook(
      client,
      intentEvent('payment_intent.succeeded', two.intentId, one.checkoutId, two.amount)
    )
    response.assertStatus(200)
    assert.deepEqual([await stateOf(one), await stateOf(two)], before)
  })

  test('charge.refunded reconciles a refund made at the provider', async ({ client, assert }) => {
    const placed = await placedByCard(client)
    await postWebhook(
      client,
      intentEvent('payment_intent.succeeded', placed.intentId, placed.checkoutId, placed.amount)
    )
    const charge = (refunded: number) =>
      stripeEvent('charge.refunded', {
        id: 'ch_1',
        object: 'charge',
        payment_intent: placed.intentId,
        amount: placed.amount,
        amount_refunded: refunded,
      })
    const firstShare = placed.orders[0].total * 100
    const partial = await postWebhook(client, charge(firstShare))
    partial.assertStatus(200)
    let state = await stateOf(placed)
    assert.deepEqual(state.payment, ['PARTIALLY_REFUNDED', placed.amount, firstShare])
    assert.deepEqual(
      state.orders.map((order) => order[1]),
      ['REFUNDED', 'PAID']
    )

    await postWebhook(client, charge(placed.amount))
    state = await stateOf(placed)
    assert.deepEqual(state.payment, ['REFUNDED', placed.amount, placed.amount])
    assert.deepEqual(
      state.orders.map((order) => order[1]),
      ['REFUNDED', 'REFUNDED']
    )
    // The sellers' shares leave the ledger too (no refund row: docs/api/ledger.md).
    for (const order of placed.orders) {
      const entries = await db.from('ledger_entries').where('order_id', order.id)
      assert.sameMembers(
        entries.map((entry) => `${entry.type} ${entry.refund_id}`),
        ['ORDER_EARNING null', 'REFUND null']
      )
      const identity = await orderIdentity(order.id)
      assert.deepEqual([identity.sellerLeft, identity.marketplaceLeft], [0, 0])
    }
  })

  test('cancelling an order paid by card refunds its share in full through the outbox', async ({
    client,
    assert,
  }) => {
    const placed = await placedByCard(client)
    await postWebhook(
      client,
      intentEvent('payment_intent.succeeded', placed.intentId, placed.checkoutId, placed.amount)
    )
    const cancelled = await client
      .post(`/api/v1/orders/${placed.orders[0].id}/cancel`)
      .header('Authorization', placed.customer.authorization)
    cancelled.assertStatus(200)
    assert.containsSubset(cancelled.body(), {
      status: 'CANCELLED',
      paymentStatus: 'REFUNDED',
      refundedAmount: placed.orders[0].total,
    })
    const share = Math.round(placed.orders[0].total * 100)
    const state = await stateOf(placed)
    assert.deepEqual(state.payment, ['PARTIALLY_REFUNDED', placed.amount, share])
    assert.deepEqual(state.orders[1].slice(0, 2), ['PENDING', 'PAID'])
    const [refund] = await db.from('refunds').where('order_id', placed.orders[0].id)
    assert.deepEqual([Number(refund.amount_cents), refund.status], [share, 'PENDING'])
    const [message] = await outboxRows('payment_refund', placed.intentId)
    const payload =
      typeof message.payload === 'string' ? JSON.parse(message.payload) : message.payload
    assert.deepEqual(payload, {
      intentId: placed.intentId,
      amount: share,
      idempotencyKey: refund.id,
      refundId: refund.id,
    })
  })

  test('payment_intent.canceled at the provider cancels the orders and gives everything back', async ({
    client,
    assert,
  }) => {
    const placed = await placedByCard(client)
    const held = await stateOf(placed)
    const response = await postWebhook(
      client,
      intentEvent('payment_intent.canceled', placed.intentId, placed.checkoutId, placed.amount)
    )
    response.assertStatus(200)
    const state = await stateOf(placed)
    assert.deepEqual(state.payment, ['CANCELLED', 0, 0])
    assert.deepEqual(
      state.orders.map((order) => order[0]),
      ['CANCELLED', 'CANCELLED']
    )
    assert.equal(state.mugStock, held.mugStock + 2)
    assert.equal(state.couponUses, held.couponUses - 1)
  })
})

test.group('Payments: expiry', (group) => {
  eachInTransaction(group)
  const stripe = withStripe(group)

  test('an expired card payment is cancelled like a customer cancellation; a late capture is refunded', async ({
    client,
    assert,
  }) => {
    const placed = await placedByCard(client)
    const held = await stateOf(placed)
    const expiry = await app.container.make(PaymentExpiryService)
    assert.equal(await expiry.expireDue(), 0)

    await db
      .from('payments')
      .where('checkout_id', placed.checkoutId)
      .update({ expires_at: '2020-01-01 00:00:00' })
    assert.equal(await expiry.expireDue(), 1)
    assert.equal(await expiry.expireDue(), 0)

    const expired = await stateOf(placed)
    assert.deepEqual(expired.payment, ['CANCELLED', 0, 0])
    assert.deepEqual(
      expired.orders.map((order) => [order[0], order[1]]),
      [
        ['CANCELLED', 'UNPAID'],
        ['CANCELLED', 'UNPAID'],
      ]
    )
    assert.equal(expired.mugStock, held.mugStock + 2)
    assert.equal(expired.couponUses, held.couponUses - 1)
    const history = await db
      .from('order_status_history')
      .where('order_id', placed.orders[0].id)
      .where('to_value', 'CANCELLED')
      .firstOrFail()
    assert.equal(history.actor_type, 'SYSTEM')

    await drainOutbox()
    assert.lengthOf(stripe.callsTo('POST', `/v1/payment_intents/${placed.intentId}/cancel`), 1)

    // The customer paid just as it expired: the capture is refunded in full, the orders stay cancelled.
    const late = await postWebhook(
      client,
      intentEvent('payment_intent.succeeded', placed.intentId, placed.checkoutId, placed.amount)
    )
    late.assertStatus(200)
    const refunded = await stateOf(placed)
    assert.deepEqual(refunded.payment, ['REFUNDED', placed.amount, placed.amount])
    assert.deepEqual(refunded.orders, expired.orders)
    assert.equal(refunded.mugStock, expired.mugStock)
    assert.lengthOf(await outboxRows('payment_refunded', placed.checkoutId), 1)
    assert.lengthOf(await outboxRows('payment_received', placed.checkoutId), 0)

    await drainOutbox()
    const [mail] = await outboxRows('payment_refunded', placed.checkoutId)
    assert.equal(mail.status, 'SENT')
    const [refund] = stripe.callsTo('POST', '/v1/refunds')
    assert.deepEqual(
      [refund.body.payment_intent, Number(refund.body.amount), refund.idempotencyKey],
      [placed.intentId, placed.amount, `late-capture-${placed.intentId}`]
    )
  })

  test('a provider down when the outbox cancels: the call is retried, never lost', async ({
    client,
    assert,
  }) => {
    const placed = await placedByCard(client)
    await db
      .from('payments')
      .where('checkout_id', placed.checkoutId)
      .update({ expires_at: '2020-01-01 00:00:00' })
    const expiry = await app.container.make(PaymentExpiryService)
    await expiry.expireDue()
    stripe.failNext(1, 500)
    await drainOutbox()
    const [message] = await outboxRows('payment_intent_cancel', placed.intentId)
    assert.equal(message.status, 'PENDING')
    assert.equal(Number(message.attempts), 1)
    await db
      .from('outbox_messages')
      .where('id', message.id)
      .update({ next_attempt_at: '2020-01-01 00:00:00' })
    await drainOutbox()
    const sent = await db.from('outbox_messages').where('id', message.id).firstOrFail()
    assert.equal(sent.status, 'SENT')
    const cancels = stripe.callsTo('POST', `/v1/payment_intents/${placed.intentId}/cancel`)
    assert.lengthOf(cancels, 2)
    assert.equal(cancels[0].idempotencyKey, cancels[1].idempotencyKey)
  })

  test('a customer who cancels every order cancels the payment; a later capture is refunded', async ({
    client,
    assert,
  }) => {
    const placed = await placedByCard(client)
    for (const order of placed.orders) {
      const cancelled = await client
        .post(`/api/v1/orders/${order.id}/cancel`)
        .header('Authorization', placed.customer.authorization)
      cancelled.assertStatus(200)
    }
    let state = await stateOf(placed)
    assert.deepEqual(state.payment, ['CANCELLED', 0, 0])
    assert.lengthOf(await outboxRows('payment_intent_cancel', placed.intentId), 1)

    await postWebhook(
      client,
      intentEvent('payment_intent.succeeded', placed.intentId, placed.checkoutId, placed.amount)
    )
    state = await stateOf(placed)
    assert.deepEqual(state.payment, ['REFUNDED', placed.amount, placed.amount])
  })
})
