/*
| Refunds of orders by admins and the order's seller (docs/api/payments.md, "Refunds"): the
| role matrix, refused input, another shop's order, money recorded by hand (refunded at once)
| and card payments through the Stripe stand-in (refunded through the outbox under the refund
| id as idempotency key, retried, given up on), and cancellations of paid orders.
*/
import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import db from '@adonisjs/lucid/services/db'
import { UserType } from '#enums/user_type'
import env from '#start/env'
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
  postWebhook,
  withStripe,
} from '#tests/functional/payments/support'

const UNKNOWN_ID = '7c9e6679-7425-40de-944b-e07fc1f90ae7'
const adminRefunds = (orderId: string) => `/api/v1/admin/orders/${orderId}/refunds`
const sellerRefunds = (orderId: string) => `/api/v1/seller/orders/${orderId}/refunds`
const fieldsOf = (body: { errors?: Array<{ field: string }> }) =>
  (body.errors ?? []).map((error) => error.field)

/** Records the money of `orderId` received by hand, as an admin does. */
async function markPaid(client: ApiClient, orderId: string) {
  const admin = await actor(UserType.ADMIN)
  const response = await client
    .put(`/api/v1/admin/orders/${orderId}/payment-status`)
    .header('Authorization', admin.authorization)
    .json({ paymentStatus: 'PAID' })
  response.assertStatus(200)
}

/** The order row's money columns. */
async function orderMoney(orderId: string) {
  const row = await db.from('orders').where('id', orderId).firstOrFail()
  return {
    paid: Number(row.paid_amount_cents),
    refunded: Number(row.refunded_amount_cents),
    paymentStatus: row.payment_status as string,
  }
}

test.group('Refunds: who may call, and refused input', (group) => {
  eachInTransaction(group)

  test('no token is 401; admin routes refuse non-admins, seller routes non-sellers', async ({
    client,
    assert,
  }) => {
    const { orders } = await placedCheckout('BANK_TRANSFER')
    await markPaid(client, orders[0].id)
    const body = { amount: 1, reason: 'Damaged' }
    const refusedAdmin = await expectRoleMatrix(
      assert,
      [
        () => client.get(adminRefunds(orders[0].id)),
        () => client.post(adminRefunds(orders[0].id)).json(body),
      ],
      { refused: allBut(UserType.ADMIN, UserType.SUPER_ADMIN) }
    )
    const refusedSeller = await expectRoleMatrix(
      assert,
      [
        () => client.get(sellerRefunds(orders[0].id)),
        () => client.post(sellerRefunds(orders[0].id)).json(body),
      ],
      { refused: allBut(UserType.SELLER) }
    )
    assert.isAbove(refusedAdmin.length + refusedSeller.length, 0)
    const rows = await db.from('refunds').where('order_id', orders[0].id)
    assert.lengthOf(rows, 0)
    const money = await orderMoney(orders[0].id)
    assert.equal(money.refunded, 0)
  })

  test('an amount of 0, negative, with 3 decimals, huge, a string, or no reason is a 400', async ({
    client,
    assert,
  }) => {
    const { orders, first } = await placedCheckout('BANK_TRANSFER')
    await markPaid(client, orders[0].id)
    const admin = await actor(UserType.ADMIN)
    const cases: Array<[Record<string, unknown>, string[]]> = [
      [{ amount: 0, reason: 'x' }, ['amount']],
      [{ amount: -5, reason: 'x' }, ['amount']],
      [{ amount: 1.234, reason: 'x' }, ['amount']],
      [{ amount: 1e12, reason: 'x' }, ['amount']],
      [{ amount: '10', reason: 'x' }, ['amount']],
      [{ amount: 1 }, ['reason']],
      [{ amount: 1, reason: '   ' }, ['reason']],
      [{ amount: 1, reason: 'x'.repeat(501) }, ['reason']],
    ]
    for (const [body, fields] of cases) {
      for (const [url, who] of [
        [adminRefunds(orders[0].id), admin],
        [sellerRefunds(orders[0].id), first],
      ] as const) {
        const response = await client
          .post(url)
          .header('Authorization', who.authorization)
          .json(body)
        assert.deepEqual(
          fieldsOf(expectProblem(assert, response, 400, 'VALIDATION_FAILED')),
          fields,
          JSON.stringify(body)
        )
      }
    }
    assert.lengthOf(await db.from('refunds').where('order_id', orders[0].id), 0)
    const money = await orderMoney(orders[0].id)
    assert.equal(money.refunded, 0)
  })

  test("another shop's order and an unknown order are 404 for a seller", async ({
    client,
    assert,
  }) => {
    const { orders, first } = await placedCheckout('BANK_TRANSFER')
    await markPaid(client, orders[1].id)
    const admin = await actor(UserType.ADMIN)
    const body = { amount: 1, reason: 'Damaged' }
    for (const url of [sellerRefunds(orders[1].id), sellerRefunds(UNKNOWN_ID)]) {
      const post = await client.post(url).header('Authorization', first.authorization).json(body)
      expectProblem(assert, post, 404, 'ORDER_NOT_FOUND')
      const list = await client.get(url).header('Authorization', first.authorization)
      expectProblem(assert, list, 404, 'ORDER_NOT_FOUND')
    }
    const unknown = await client
      .post(adminRefunds(UNKNOWN_ID))
      .header('Authorization', admin.authorization)
      .json(body)
    expectProblem(assert, unknown, 404, 'ORDER_NOT_FOUND')
    assert.lengthOf(await db.from('refunds').where('order_id', orders[1].id), 0)
  })

  test('an unpaid order is ORDER_NOT_PAID; more than is left is REFUND_EXCEEDS_PAID', async ({
    client,
    assert,
  }) => {
    const { orders, first } = await placedCheckout('BANK_TRANSFER')
    const unpaid = await client
      .post(sellerRefunds(orders[0].id))
      .header('Authorization', first.authorization)
      .json({ amount: 1, reason: 'x' })
    expectProblem(assert, unpaid, 422, 'ORDER_NOT_PAID')

    await markPaid(client, orders[0].id)
    const { paid } = await orderMoney(orders[0].id)
    const over = await client
      .post(sellerRefunds(orders[0].id))
      .header('Authorization', first.authorization)
      .json({ amount: (paid + 1) / 100, reason: 'x' })
    expectProblem(assert, over, 422, 'REFUND_EXCEEDS_PAID')
    assert.lengthOf(await db.from('refunds').where('order_id', orders[0].id), 0)
    assert.deepEqual(await orderMoney(orders[0].id), { paid, refunded: 0, paymentStatus: 'PAID' })
  })
})

test.group('Refunds: money recorded by hand', (group) => {
  eachInTransaction(group)

  test('an admin refunds part, the seller the rest: SUCCEEDED at once, recorded everywhere', async ({
    client,
    assert,
  }) => {
    const { orders, first, customer } = await placedCheckout('BANK_TRANSFER')
    const order = orders[0]
    await markPaid(client, order.id)
    const { paid } = await orderMoney(order.id)
    const admin = await actor(UserType.ADMIN)

    const partial = await client
      .post(adminRefunds(order.id))
      .header('Authorization', admin.authorization)
      .json({ amount: 5.25, reason: 'Damaged spoon' })
    partial.assertStatus(201)
    assert.containsSubset(partial.body(), {
      orderId: order.id,
      amount: 5.25,
      reason: 'Damaged spoon',
      status: 'SUCCEEDED',
      provider: 'manual',
    })
    assert.deepEqual(await orderMoney(order.id), {
      paid,
      refunded: 525,
      paymentStatus: 'PARTIALLY_REFUNDED',
    })

    const rest = await client
      .post(sellerRefunds(order.id))
      .header('Authorization', first.authorization)
      .json({ amount: (paid - 525) / 100, reason: 'Order returned' })
    rest.assertStatus(201)
    assert.deepEqual(await orderMoney(order.id), {
      paid,
      refunded: paid,
      paymentStatus: 'REFUNDED',
    })
    const more = await client
      .post(sellerRefunds(order.id))
      .header('Authorization', first.authorization)
      .json({ amount: 0.01, reason: 'x' })
    expectProblem(assert, more, 422, 'REFUND_EXCEEDS_PAID')

    const list = await client
      .get(sellerRefunds(order.id))
      .header('Authorization', first.authorization)
    list.assertStatus(200)
    assert.deepEqual(
      list.body().map((refund: any) => [refund.amount, refund.status]),
      [
        [5.25, 'SUCCEEDED'],
        [(paid - 525) / 100, 'SUCCEEDED'],
      ]
    )
    const adminList = await client
      .get(adminRefunds(order.id))
      .header('Authorization', admin.authorization)
    assert.lengthOf(adminList.body(), 2)

    const rows = await db.from('refunds').where('order_id', order.id).orderBy('position')
    assert.deepEqual(
      rows.map((row) => [Number(row.amount_cents), row.created_by, row.provider]),
      [
        [525, admin.user.id, 'manual'],
        [paid - 525, first.user.id, 'manual'],
      ]
    )
    const payment = await paymentRow(order.checkoutId)
    assert.equal(Number(payment.refunded_amount_cents), paid)
    const history = await db
      .from('order_status_history')
      .where('order_id', order.id)
      .where('field', 'PAYMENT_STATUS')
      .orderBy('sequence')
    assert.deepEqual(
      history.map((entry) => [entry.from_value, entry.to_value, entry.actor_id]),
      [
        ['UNPAID', 'PAID', history[0].actor_id],
        ['PAID', 'PARTIALLY_REFUNDED', admin.user.id],
        ['PARTIALLY_REFUNDED', 'REFUNDED', first.user.id],
      ]
    )
    const audit = await db
      .from('admin_actions')
      .where('target_id', order.id)
      .where('action', 'order.refunded')
    assert.lengthOf(audit, 2)
    const mails = await db
      .from('outbox_messages')
      .where('kind', 'refund_issued')
      .whereLike('payload', `%${order.orderNumber}%`)
    assert.lengthOf(mails, 2)
    assert.include(JSON.stringify(mails[0].payload), customer.user.email)
    const events = await db
      .from('outbox_messages')
      .where('kind', 'webhook_event')
      .whereLike('payload', '%refund.succeeded%')
      .whereLike('payload', `%${order.id}%`)
    assert.lengthOf(events, 2)
  })

  test('cancelling a paid order refunds what is left of it in full', async ({ client, assert }) => {
    const { orders, first } = await placedCheckout('BANK_TRANSFER')
    const order = orders[0]
    await markPaid(client, order.id)
    const { paid } = await orderMoney(order.id)
    await client
      .post(sellerRefunds(order.id))
      .header('Authorization', first.authorization)
      .json({ amount: 1, reason: 'Goodwill' })
      .then((response) => response.assertStatus(201))
    const cancelled = await client
      .put(`/api/v1/seller/orders/${order.id}/status`)
      .header('Authorization', first.authorization)
      .json({ status: 'CANCELLED' })
    cancelled.assertStatus(200)
    assert.containsSubset(cancelled.body(), { paymentStatus: 'REFUNDED' })
    const rows = await db.from('refunds').where('order_id', order.id).orderBy('position')
    assert.deepEqual(
      rows.map((row) => [Number(row.amount_cents), row.status, row.created_by]),
      [
        [100, 'SUCCEEDED', first.user.id],
        [paid - 100, 'SUCCEEDED', null],
      ]
    )
    assert.deepEqual(await orderMoney(order.id), {
      paid,
      refunded: paid,
      paymentStatus: 'REFUNDED',
    })
  })
})

test.group('Refunds: card payments through the provider', (group) => {
  eachInTransaction(group)
  const stripe = withStripe(group)

  /** A two-shop card checkout placed through the API and captured by the webhook. */
  async function capturedByCard(client: ApiClient) {
    const cart = await twoShopCart()
    const fields = orderFields(cart.customer, cart.standard, { paymentMethod: 'CREDIT_CARD' })
    const response = await postAs(client, '/api/v1/checkout/place-order', cart.customer, fields)
    response.assertStatus(201)
    const orders = response.body() as Array<{ id: string; checkoutId: string; orderNumber: string }>
    const payment = await paymentRow(orders[0].checkoutId)
    const event = intentEvent(
      'payment_intent.succeeded',
      payment.provider_payment_id,
      orders[0].checkoutId,
      Number(payment.amount_cents)
    )
    const captured = await postWebhook(client, event)
    captured.assertStatus(200)
    await drainOutbox()
    stripe.calls.length = 0
    return { ...cart, orders, intentId: payment.provider_payment_id as string }
  }

  /** Makes every pending outbox message due now (the retry's backoff passed). */
  async function dueNow() {
    await db
      .from('outbox_messages')
      .where('status', 'PENDING')
      .update({ next_attempt_at: db.raw('created_at') })
  }

  test('a refund is PENDING until the outbox refunds it at the provider, keyed by its id', async ({
    client,
    assert,
  }) => {
    const { orders, first, intentId } = await capturedByCard(client)
    const order = orders[0]
    const created = await client
      .post(sellerRefunds(order.id))
      .header('Authorization', first.authorization)
      .json({ amount: 3, reason: 'Late delivery' })
    created.assertStatus(201)
    assert.containsSubset(created.body(), { status: 'PENDING', provider: 'stripe', amount: 3 })
    const refundId = created.body().id
    assert.lengthOf(stripe.calls, 0)
    const reserved = await orderMoney(order.id)
    assert.equal(reserved.refunded, 300)

    stripe.failNext(1)
    await drainOutbox()
    let row = await db.from('refunds').where('id', refundId).firstOrFail()
    assert.equal(row.status, 'PENDING')
    await dueNow()
    await drainOutbox()
    const calls = stripe.callsTo('POST', '/v1/refunds')
    assert.lengthOf(calls, 2)
    assert.deepEqual(
      calls.map((call) => [call.idempotencyKey, call.body.amount, call.body.payment_intent]),
      [
        [refundId, '300', intentId],
        [refundId, '300', intentId],
      ]
    )
    row = await db.from('refunds').where('id', refundId).firstOrFail()
    assert.equal(row.status, 'SUCCEEDED')
    assert.isString(row.provider_refund_id)
    const payment = await paymentRow(order.checkoutId)
    assert.deepEqual(
      [payment.status, Number(payment.refunded_amount_cents)],
      ['PARTIALLY_REFUNDED', 300]
    )
    const events = await db
      .from('outbox_messages')
      .where('kind', 'webhook_event')
      .whereLike('payload', '%refund.succeeded%')
      .whereLike('payload', `%${refundId}%`)
    assert.lengthOf(events, 1)
    const mails = await db
      .from('outbox_messages')
      .where('kind', 'refund_issued')
      .whereLike('payload', `%${order.orderNumber}%`)
    assert.lengthOf(mails, 1)

    // Sent once it succeeded: a later pass calls the provider no more.
    await dueNow()
    await drainOutbox()
    assert.lengthOf(stripe.callsTo('POST', '/v1/refunds'), 2)
  })

  test('a refund the outbox gives up on is FAILED and its amount refundable again', async ({
    client,
    assert,
  }) => {
    const { orders, first } = await capturedByCard(client)
    const order = orders[0]
    const { paid } = await orderMoney(order.id)
    const created = await client
      .post(sellerRefunds(order.id))
      .header('Authorization', first.authorization)
      .json({ amount: paid / 100, reason: 'Lost parcel' })
    created.assertStatus(201)
    const reserved = await orderMoney(order.id)
    assert.equal(reserved.paymentStatus, 'REFUNDED')
    await db
      .from('outbox_messages')
      .where('kind', 'payment_refund')
      .whereLike('payload', `%${created.body().id}%`)
      .update({ attempts: env.get('OUTBOX_MAX_ATTEMPTS', 10) - 1 })
    stripe.failNext(1)
    await drainOutbox()
    const row = await db.from('refunds').where('id', created.body().id).firstOrFail()
    assert.equal(row.status, 'FAILED')
    assert.deepEqual(await orderMoney(order.id), { paid, refunded: 0, paymentStatus: 'PAID' })
    const payment = await paymentRow(order.checkoutId)
    assert.deepEqual([payment.status, Number(payment.refunded_amount_cents)], ['CAPTURED', 0])

    const again = await client
      .post(sellerRefunds(order.id))
      .header('Authorization', first.authorization)
      .json({ amount: paid / 100, reason: 'Lost parcel' })
    again.assertStatus(201)
  })

  test('cancelling a card-paid order refunds it in full through the provider', async ({
    client,
    assert,
  }) => {
    const { orders, first, intentId } = await capturedByCard(client)
    const order = orders[0]
    const { paid } = await orderMoney(order.id)
    const cancelled = await client
      .put(`/api/v1/seller/orders/${order.id}/status`)
      .header('Authorization', first.authorization)
      .json({ status: 'CANCELLED' })
    cancelled.assertStatus(200)
    const [refund] = await db.from('refunds').where('order_id', order.id)
    assert.deepEqual(
      [Number(refund.amount_cents), refund.status, refund.provider],
      [paid, 'PENDING', 'stripe']
    )
    await drainOutbox()
    const [call] = stripe.callsTo('POST', '/v1/refunds')
    assert.deepEqual(
      [call.idempotencyKey, call.body.amount, call.body.payment_intent],
      [refund.id, String(paid), intentId]
    )
    const settled = await db.from('refunds').where('id', refund.id).firstOrFail()
    assert.equal(settled.status, 'SUCCEEDED')
    assert.deepEqual(await orderMoney(order.id), {
      paid,
      refunded: paid,
      paymentStatus: 'REFUNDED',
    })
  })
})
