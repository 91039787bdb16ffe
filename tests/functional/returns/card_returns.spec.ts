/*
| A return of an order paid by card through the Stripe stand-in: receiving it sends the refund
| through the outbox, and the return stays RECEIVED until the provider refunded, then becomes
| REFUNDED, in the order's history and mailed (docs/api/returns.md, "Steps").
*/
import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import db from '@adonisjs/lucid/services/db'
import { eachInTransaction } from '#tests/helpers/transactions'
import { orderFields, postAs, twoShopCart } from '#tests/functional/checkout/support'
import {
  drainOutbox,
  intentEvent,
  paymentRow,
  postWebhook,
  withStripe,
} from '#tests/functional/payments/support'
import {
  as,
  expectStatus,
  mailsTo,
  moveOrder,
  orderReturns,
  returnStatus,
  sellerReturn,
} from '#tests/functional/returns/support'

test.group('Returns of card payments', (group) => {
  eachInTransaction(group)
  const stripe = withStripe(group)

  /** A two-shop card checkout captured by the webhook, its first order delivered. */
  async function deliveredByCard(client: ApiClient) {
    const cart = await twoShopCart()
    const fields = orderFields(cart.customer, cart.standard, { paymentMethod: 'CREDIT_CARD' })
    const response = await postAs(client, '/api/v1/checkout/place-order', cart.customer, fields)
    response.assertStatus(201)
    const [order] = response.body() as Array<{ id: string; checkoutId: string }>
    const payment = await paymentRow(order.checkoutId)
    const event = intentEvent(
      'payment_intent.succeeded',
      payment.provider_payment_id,
      order.checkoutId,
      Number(payment.amount_cents)
    )
    expectStatus(await postWebhook(client, event), 200)
    await drainOutbox()
    stripe.calls.length = 0
    for (const status of ['CONFIRMED', 'SHIPPED', 'DELIVERED']) {
      await moveOrder(client, cart.first, order.id, status)
    }
    return { ...cart, order, intentId: payment.provider_payment_id as string }
  }

  test('received: the refund goes through the provider, then the return is REFUNDED', async ({
    client,
    assert,
  }) => {
    const { customer, first, mug, order, intentId } = await deliveredByCard(client)
    const created = await as(client, customer, 'post', orderReturns(order.id), {
      items: [{ productId: mug.id, quantity: 1 }],
      reason: 'Chipped',
    })
    expectStatus(created, 201)
    const id = created.body().id
    expectStatus(await as(client, first, 'post', sellerReturn(id, 'approve')), 200)
    const received = await as(client, first, 'post', sellerReturn(id, 'receive'), {
      restock: true,
    })
    expectStatus(received, 200)
    assert.equal(received.body().status, 'RECEIVED')
    const refundId = received.body().refundId
    assert.isString(refundId)
    const amount = Math.round(received.body().refundAmount * 100)
    const refund = await db.from('refunds').where('id', refundId).firstOrFail()
    assert.deepEqual([refund.status, Number(refund.amount_cents)], ['PENDING', amount])

    await drainOutbox()
    const calls = stripe.callsTo('POST', '/v1/refunds')
    assert.deepEqual(
      calls.map((call) => [call.idempotencyKey, call.body.amount, call.body.payment_intent]),
      [[refundId, String(amount), intentId]]
    )
    assert.equal(await returnStatus(id), 'REFUNDED')
    const history = await db
      .from('order_status_history')
      .where('order_id', order.id)
      .where('field', 'RETURN')
      .orderBy('sequence')
    assert.deepEqual(
      history.map((entry) => [entry.from_value, entry.to_value, entry.actor_type]),
      [
        [null, 'REQUESTED', 'CUSTOMER'],
        ['REQUESTED', 'APPROVED', 'SELLER'],
        ['APPROVED', 'RECEIVED', 'SELLER'],
        ['RECEIVED', 'REFUNDED', 'SYSTEM'],
      ]
    )
    const mails = await mailsTo('return_update', customer.user.email)
    const steps = mails.map((mail) => mail.payload.step)

    assert.sameMembers(steps, ['REQUESTED', 'APPROVED', 'RECEIVED', 'REFUNDED'])
  })
})
