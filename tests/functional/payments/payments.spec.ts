/*
| Card payments with PAYMENT_PROVIDER=stripe against the suite's Stripe stand-in
| (tests/helpers/stripe_server.ts): the placement, the customer's and the admin's reads, a retry
| after a failure, and money recorded by hand. Webhooks and expiry: webhooks.spec.ts.
*/
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { UserType } from '#enums/user_type'
import { actor } from '#tests/helpers/actors'
import { expectProblem } from '#tests/helpers/responses'
import { allBut, expectRoleMatrix } from '#tests/helpers/role_matrix'
import { eachInTransaction } from '#tests/helpers/transactions'
import { orderFields, postAs, twoShopCart } from '#tests/functional/checkout/support'
import { placedCheckout } from '#tests/functional/orders/support'
import {
  drainOutbox,
  intentEvent,
  paymentRow,
  paymentUrl,
  postWebhook,
  PROVIDER_TIMEOUT_MS,
  withStripe,
} from '#tests/functional/payments/support'

const PLACE_ORDER = '/api/v1/checkout/place-order'
const UNKNOWN_ID = '7c9e6679-7425-40de-944b-e07fc1f90ae7'

/** A two-shop cart placed by card under Stripe, through the API. */
async function placedByCard(client: Parameters<typeof postAs>[0], extra = {}) {
  const cart = await twoShopCart()
  const fields = orderFields(cart.customer, cart.standard, {
    paymentMethod: 'CREDIT_CARD',
    ...extra,
  })
  const response = await postAs(client, PLACE_ORDER, cart.customer, fields)
  return { ...cart, fields, response }
}

/** What a refused placement must have left as it was: no orders, the cart, the stock, the key. */
async function assertNothingPlaced(
  assert: any,
  cart: Awaited<ReturnType<typeof twoShopCart>>,
  key: string
) {
  const orders = await db.from('orders').where('user_id', cart.customer.user.id)
  assert.lengthOf(orders, 0)
  const lines = await db.from('cart_items').where('user_id', cart.customer.user.id)
  assert.lengthOf(lines, 3)
  const mug = await db.from('product_variants').where('id', cart.mug.id).firstOrFail()
  assert.equal(Number(mug.stock), 100)
  const keys = await db.from('idempotency_keys').where('key', key)
  assert.lengthOf(keys, 0)
  const payments = await db.from('payments').where('user_id', cart.customer.user.id)
  assert.lengthOf(payments, 0)
}

test.group('Payments: placement with Stripe', (group) => {
  eachInTransaction(group)
  const stripe = withStripe(group)

  test('a card placement opens one PaymentIntent for the checkout total', async ({
    client,
    assert,
  }) => {
    const { response, customer } = await placedByCard(client)
    response.assertStatus(201)
    const orders = response.body()
    assert.deepEqual(
      orders.map((order: any) => [order.paymentStatus, order.paidAmount]),
      [
        ['UNPAID', 0],
        ['UNPAID', 0],
      ]
    )
    const [create] = stripe.callsTo('POST', '/v1/payment_intents')
    assert.lengthOf(stripe.calls, 1)
    const checkoutId = orders[0].checkoutId
    const checkout = await db.from('checkouts').where('id', checkoutId).firstOrFail()
    assert.equal(create.body.amount, String(checkout.total_cents))
    assert.equal(create.body.currency, 'usd')
    assert.equal(create.body['metadata[checkoutId]'], checkoutId)
    assert.match(create.idempotencyKey!, new RegExp(`^checkout-${checkoutId}-intent-1-`))

    const payment = await client
      .get(paymentUrl(checkoutId))
      .header('Authorization', customer.authorization)
    payment.assertStatus(200)
    assert.containsSubset(payment.body(), {
      checkoutId,
      provider: 'stripe',
      method: 'CREDIT_CARD',
      status: 'PENDING',
      amount: Number(checkout.total_cents) / 100,
      capturedAmount: 0,
      refundedAmount: 0,
      currency: 'USD',
    })
    assert.isString(payment.body().expiresAt)
    const [intent] = stripe.intentsOf(checkoutId)
    assert.equal(payment.body().clientSecret, intent.client_secret)
    const row = await paymentRow(checkoutId)
    assert.equal(row.provider_payment_id, intent.id)
  })

  test('PayPal is refused with 422 and nothing placed; offline methods are recorded by hand', async ({
    client,
    assert,
  }) => {
    const paypal = await placedByCard(client, { paymentMethod: 'PAYPAL' })
    expectProblem(assert, paypal.response, 422, 'PAYMENT_METHOD_UNAVAILABLE')
    await assertNothingPlaced(
      assert,
      paypal,
      (paypal.fields as Record<string, unknown>).idempotencyKey as string
    )

    const transfer = await placedByCard(client, { paymentMethod: 'BANK_TRANSFER' })
    transfer.response.assertStatus(201)
    const payment = await paymentRow(transfer.response.body()[0].checkoutId)
    assert.deepEqual(
      [payment.provider, payment.status, payment.provider_payment_id, payment.expires_at],
      ['manual', 'PENDING', null, null]
    )
    assert.lengthOf(stripe.calls, 0)
  })

  test('a provider failure answers 503 and places nothing; the same key then places once', async ({
    client,
    assert,
  }) => {
    const cart = await twoShopCart()
    const fields = orderFields(cart.customer, cart.standard, { paymentMethod: 'DEBIT_CARD' })
    stripe.failNext(1, 500)
    const failed = await postAs(client, PLACE_ORDER, cart.customer, fields)
    expectProblem(assert, failed, 503, 'PAYMENT_PROVIDER_UNAVAILABLE')
    await assertNothingPlaced(
      assert,
      cart,
      (fields as Record<string, unknown>).idempotencyKey as string
    )

    const retried = await postAs(client, PLACE_ORDER, cart.customer, fields)
    retried.assertStatus(201)
    const again = await postAs(client, PLACE_ORDER, cart.customer, fields)
    again.assertStatus(201)
    assert.equal(again.header('idempotent-replayed'), 'true')
    // Both tries asked with one idempotency key; the replay asked nothing.
    const creates = stripe.callsTo('POST', '/v1/payment_intents')
    assert.lengthOf(creates, 2)
    assert.equal(creates[0].idempotencyKey, creates[1].idempotencyKey)
    const payments = await db.from('payments').where('user_id', cart.customer.user.id)
    assert.lengthOf(payments, 1)
  })

  test('a provider that times out and then answers gives one intent for the retried key', async ({
    client,
    assert,
  }) => {
    const cart = await twoShopCart()
    const fields = orderFields(cart.customer, cart.standard, { paymentMethod: 'CREDIT_CARD' })
    stripe.stallNext(PROVIDER_TIMEOUT_MS * 2)
    const timedOut = await postAs(client, PLACE_ORDER, cart.customer, fields)
    expectProblem(assert, timedOut, 503, 'PAYMENT_PROVIDER_UNAVAILABLE')
    await assertNothingPlaced(
      assert,
      cart,
      (fields as Record<string, unknown>).idempotencyKey as string
    )

    // The stalled call still created its intent; the retry under the same key gets that one.
    const retried = await postAs(client, PLACE_ORDER, cart.customer, fields)
    retried.assertStatus(201)
    const checkoutId = retried.body()[0].checkoutId
    const creates = stripe.callsTo('POST', '/v1/payment_intents')
    assert.lengthOf(creates, 2)
    assert.lengthOf(new Set(creates.map((call) => call.idempotencyKey)), 1)
    const intents = stripe.intentsOf(checkoutId)
    assert.lengthOf(intents, 1)
    const payment = await paymentRow(checkoutId)
    assert.equal(payment.provider_payment_id, intents[0].id)
  })
})

test.group('GET /api/v1/checkouts/{checkoutId}/payment', (group) => {
  eachInTransaction(group)

  test('the customer who placed it only', async ({ client, assert }) => {
    await expectRoleMatrix(
      assert,
      [
        () => client.get(paymentUrl(UNKNOWN_ID)),
        () => client.post(`${paymentUrl(UNKNOWN_ID)}/retry`),
      ],
      { refused: allBut(UserType.CUSTOMER) }
    )
    const { customer, orders } = await placedCheckout('BANK_TRANSFER')
    const other = await actor(UserType.CUSTOMER)
    const foreign = await client
      .get(paymentUrl(orders[0].checkoutId))
      .header('Authorization', other.authorization)
    expectProblem(assert, foreign, 404, 'PAYMENT_NOT_FOUND')
    const unknown = await client
      .get(paymentUrl(UNKNOWN_ID))
      .header('Authorization', customer.authorization)
    expectProblem(assert, unknown, 404, 'PAYMENT_NOT_FOUND')
    const malformed = await client
      .get(paymentUrl('not-a-uuid'))
      .header('Authorization', customer.authorization)
    malformed.assertStatus(404)

    const own = await client
      .get(paymentUrl(orders[0].checkoutId))
      .header('Authorization', customer.authorization)
    own.assertStatus(200)
    assert.containsSubset(own.body(), {
      provider: 'manual',
      method: 'BANK_TRANSFER',
      status: 'PENDING',
      clientSecret: null,
      expiresAt: null,
    })
  })
})

test.group('POST /api/v1/checkouts/{checkoutId}/payment/retry', (group) => {
  eachInTransaction(group)
  const stripe = withStripe(group)

  test('after a failure: a fresh intent, the failed one cancelled at the provider', async ({
    client,
    assert,
  }) => {
    const { response, customer } = await placedByCard(client)
    const checkoutId = response.body()[0].checkoutId
    const retry = () =>
      client.post(`${paymentUrl(checkoutId)}/retry`).header('Authorization', customer.authorization)

    expectProblem(assert, await retry(), 409, 'PAYMENT_NOT_RETRYABLE')
    const other = await actor(UserType.CUSTOMER)
    const foreign = await client
      .post(`${paymentUrl(checkoutId)}/retry`)
      .header('Authorization', other.authorization)
    expectProblem(assert, foreign, 404, 'PAYMENT_NOT_FOUND')

    const before = await paymentRow(checkoutId)
    const failed = await postWebhook(
      client,
      intentEvent(
        'payment_intent.payment_failed',
        before.provider_payment_id,
        checkoutId,
        Number(before.amount_cents)
      )
    )
    failed.assertStatus(200)
    const declined = await paymentRow(checkoutId)
    assert.equal(declined.status, 'FAILED')
    const shown = await client
      .get(paymentUrl(checkoutId))
      .header('Authorization', customer.authorization)
    assert.isNull(shown.body().clientSecret)

    const retried = await retry()
    retried.assertStatus(200)
    assert.equal(retried.body().status, 'PENDING')
    assert.isString(retried.body().clientSecret)
    const after = await paymentRow(checkoutId)
    assert.notEqual(after.provider_payment_id, before.provider_payment_id)
    assert.equal(Number(after.attempt), 2)
    assert.match(
      stripe.callsTo('POST', '/v1/payment_intents').at(-1)!.idempotencyKey!,
      /-intent-2-/
    )

    await drainOutbox()
    const cancels = stripe.callsTo(
      'POST',
      `/v1/payment_intents/${before.provider_payment_id}/cancel`
    )
    assert.lengthOf(cancels, 1)

    // An expired payment is not retried.
    await postWebhook(
      client,
      intentEvent(
        'payment_intent.payment_failed',
        after.provider_payment_id,
        checkoutId,
        Number(after.amount_cents)
      )
    )
    await db.from('payments').where('id', after.id).update({ expires_at: '2020-01-01 00:00:00' })
    expectProblem(assert, await retry(), 409, 'PAYMENT_NOT_RETRYABLE')
  })
})

test.group('GET /api/v1/admin/payments', (group) => {
  eachInTransaction(group)

  test('admins page through every payment, by status', async ({ client, assert }) => {
    await expectRoleMatrix(assert, [() => client.get('/api/v1/admin/payments')], {
      refused: [UserType.CUSTOMER, UserType.SELLER],
    })
    const first = await placedCheckout('BANK_TRANSFER')
    const second = await placedCheckout('CASH_ON_DELIVERY')
    await db
      .from('payments')
      .where('checkout_id', second.orders[0].checkoutId)
      .update({ status: 'CAPTURED' })
    const admin = await actor(UserType.ADMIN)

    const invalid = await client
      .get('/api/v1/admin/payments')
      .qs({ status: 'PAID' })
      .header('Authorization', admin.authorization)
    expectProblem(assert, invalid, 400, 'VALIDATION_FAILED')

    const all = await client
      .get('/api/v1/admin/payments')
      .qs({ limit: 100 })
      .header('Authorization', admin.authorization)
    all.assertStatus(200)
    const ids = all.body().items.map((payment: any) => payment.checkoutId)
    assert.includeMembers(ids, [first.orders[0].checkoutId, second.orders[0].checkoutId])

    const captured = await client
      .get('/api/v1/admin/payments')
      .qs({ status: 'CAPTURED', limit: 1 })
      .header('Authorization', admin.authorization)
    captured.assertStatus(200)
    assert.containsSubset(captured.body(), { total: 1, limit: 1, offset: 0 })
    assert.equal(captured.body().items[0].checkoutId, second.orders[0].checkoutId)
  })
})

test.group('Payments: money recorded by hand', (group) => {
  eachInTransaction(group)
  withStripe(group)

  test('a card order collected online is never marked paid by hand', async ({ client, assert }) => {
    const { response } = await placedByCard(client)
    const order = response.body()[0]
    const admin = await actor(UserType.ADMIN)
    const refused = await client
      .put(`/api/v1/admin/orders/${order.id}/payment-status`)
      .header('Authorization', admin.authorization)
      .json({ paymentStatus: 'PAID' })
    expectProblem(assert, refused, 409, 'PAYMENT_COLLECTED_ONLINE')
    const row = await db.from('orders').where('id', order.id).firstOrFail()
    assert.deepEqual([row.payment_status, Number(row.paid_amount_cents)], ['UNPAID', 0])
  })

  test('a card order collected online ships only once its payment is captured', async ({
    client,
    assert,
  }) => {
    const { response, first } = await placedByCard(client)
    const order = response.body()[0]
    const move = (status: string) =>
      client
        .put(`/api/v1/seller/orders/${order.id}/status`)
        .header('Authorization', first.authorization)
        .json({ status })
    const confirmed = await move('CONFIRMED')
    confirmed.assertStatus(200)
    expectProblem(assert, await move('SHIPPED'), 409, 'PAYMENT_NOT_CAPTURED')
    const row = await db.from('orders').where('id', order.id).firstOrFail()
    assert.equal(row.status, 'CONFIRMED')

    const payment = await paymentRow(order.checkoutId)
    await postWebhook(
      client,
      intentEvent(
        'payment_intent.succeeded',
        payment.provider_payment_id,
        order.checkoutId,
        Number(payment.amount_cents)
      )
    )
    const shipped = await move('SHIPPED')
    shipped.assertStatus(200)
  })

  test('an admin records a bank transfer; the payment is CAPTURED once every order is paid', async ({
    client,
    assert,
  }) => {
    const { orders } = await placedCheckout('BANK_TRANSFER')
    const admin = await actor(UserType.ADMIN)
    for (const order of orders) {
      const paid = await client
        .put(`/api/v1/admin/orders/${order.id}/payment-status`)
        .header('Authorization', admin.authorization)
        .json({ paymentStatus: 'PAID' })
      paid.assertStatus(200)
    }
    const payment = await paymentRow(orders[0].checkoutId)
    assert.equal(payment.status, 'CAPTURED')
    assert.equal(Number(payment.captured_amount_cents), Number(payment.amount_cents))
  })
})
