/*
| The webhook events of payments, of the cancellations an expiry or the provider makes, and of
| stock running low: each written to the outbox once, in the transaction of its change, with the
| state after it, and never for a change that was refused, repeated or rolled back.
*/
import { randomUUID } from 'node:crypto'
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { DateTime } from 'luxon'
import { UserType } from '#enums/user_type'
import { OutboxService, type OutboxEntry } from '#services/mail/outbox_service'
import { PaymentExpiryService } from '#services/payments/payment_expiry_service'
import type { WebhookEventPayload } from '#services/integrations/webhook_events'
import { actor } from '#tests/helpers/actors'
import { eachInTransaction } from '#tests/helpers/transactions'
import {
  fillCart,
  orderFields,
  postAs,
  product,
  requestPlacement,
  sellerShop,
  shopper,
  seededMethod,
  twoShopCart,
} from '#tests/functional/checkout/support'
import { placedCheckout } from '#tests/functional/orders/support'
import {
  intentEvent,
  paymentRow,
  postWebhook,
  withStripe,
} from '#tests/functional/payments/support'

/** Awaits `request` and checks its status. */
async function expectStatus(
  request: PromiseLike<{ assertStatus(status: number): void }>,
  status: number
) {
  const response = await request
  response.assertStatus(status)
}

/** The payment's status in the database. */
async function paymentStatus(checkoutId: string) {
  const payment = await paymentRow(checkoutId)
  return payment.status as string
}

/** The webhook events in the outbox of `type`, about `resource` when given, oldest first. */
async function eventsOf(type: string, resource?: string): Promise<WebhookEventPayload[]> {
  const rows = await db
    .from('outbox_messages')
    .where('kind', 'webhook_event')
    .orderBy('created_at', 'asc')
  return rows
    .map((row) => (typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload))
    .filter((event) => event.type === type && (!resource || event.resource === resource))
}

/** An outbox that writes, then fails the transaction when it wrote an event of `type`. */
function outboxFailingAfter(type: string) {
  return class extends OutboxService {
    async enqueueAll(trx: TransactionClientContract, entries: OutboxEntry[], at: DateTime) {
      await super.enqueueAll(trx, entries, at)
      if (entries.some((entry) => entry.payload.type === type)) throw new Error('fault')
    }
  }
}

/** A two-shop checkout placed by card under Stripe, with its intent and amount. */
async function placedByCard(client: Parameters<typeof postAs>[0]) {
  const cart = await twoShopCart()
  const fields = orderFields(cart.customer, cart.standard, { paymentMethod: 'CREDIT_CARD' })
  const response = await postAs(client, '/api/v1/checkout/place-order', cart.customer, fields)
  response.assertStatus(201)
  const orders = response.body() as Array<{ id: string; checkoutId: string }>
  const payment = await paymentRow(orders[0].checkoutId)
  return {
    orders,
    checkoutId: orders[0].checkoutId,
    paymentId: payment.id as string,
    customerId: cart.customer.user.id,
    intentId: payment.provider_payment_id as string,
    amount: Number(payment.amount_cents),
  }
}

test.group('Webhook events: payments captured and failed', (group) => {
  eachInTransaction(group)
  withStripe(group)

  test('a capture sends payment.captured once; a repeat, a second capture or a late failure nothing', async ({
    client,
    assert,
  }) => {
    const placed = await placedByCard(client)
    const resource = `checkout:${placed.checkoutId}`
    const succeeded = intentEvent(
      'payment_intent.succeeded',
      placed.intentId,
      placed.checkoutId,
      placed.amount
    )
    await expectStatus(postWebhook(client, succeeded), 200)
    await expectStatus(postWebhook(client, succeeded), 200)
    const again = intentEvent(
      'payment_intent.succeeded',
      placed.intentId,
      placed.checkoutId,
      placed.amount
    )
    await expectStatus(postWebhook(client, again), 200)
    const failed = intentEvent(
      'payment_intent.payment_failed',
      placed.intentId,
      placed.checkoutId,
      placed.amount
    )
    await expectStatus(postWebhook(client, failed), 200)

    const captured = await eventsOf('payment.captured', resource)
    assert.lengthOf(captured, 1)
    assert.deepEqual(captured[0].data, {
      id: placed.paymentId,
      checkoutId: placed.checkoutId,
      customerId: placed.customerId,
      provider: 'stripe',
      method: 'CREDIT_CARD',
      status: 'CAPTURED',
      currency: 'USD',
      amountCents: placed.amount,
      capturedAmountCents: placed.amount,
      refundedAmountCents: 0,
    })
    assert.lengthOf(await eventsOf('payment.failed', resource), 0)
    // The orders' payment status moved, not their status: no order.status_changed.
    assert.lengthOf(await eventsOf('order.status_changed'), 0)
  })

  test('a failure of a waiting payment sends payment.failed once', async ({ client, assert }) => {
    const placed = await placedByCard(client)
    const resource = `checkout:${placed.checkoutId}`
    const failed = intentEvent(
      'payment_intent.payment_failed',
      placed.intentId,
      placed.checkoutId,
      placed.amount
    )
    await expectStatus(postWebhook(client, failed), 200)
    await expectStatus(postWebhook(client, failed), 200)
    const second = intentEvent(
      'payment_intent.payment_failed',
      placed.intentId,
      placed.checkoutId,
      placed.amount
    )
    await expectStatus(postWebhook(client, second), 200)

    const events = await eventsOf('payment.failed', resource)
    assert.lengthOf(events, 1)
    assert.containsSubset(events[0].data, {
      id: placed.paymentId,
      status: 'FAILED',
      capturedAmountCents: 0,
      amountCents: placed.amount,
    })
    assert.equal(await paymentStatus(placed.checkoutId), 'FAILED')
  })

  test('a capture whose transaction rolls back sends nothing; its retry sends it once', async ({
    client,
    assert,
    cleanup,
  }) => {
    const placed = await placedByCard(client)
    const resource = `checkout:${placed.checkoutId}`
    const succeeded = intentEvent(
      'payment_intent.succeeded',
      placed.intentId,
      placed.checkoutId,
      placed.amount
    )
    app.container.swap(OutboxService, () => new (outboxFailingAfter('payment.captured'))())
    const faulted = await postWebhook(client, succeeded)
    app.container.restore(OutboxService)
    cleanup(() => app.container.restore(OutboxService))
    assert.equal(faulted.status(), 500)
    assert.lengthOf(await eventsOf('payment.captured', resource), 0)
    assert.equal(await paymentStatus(placed.checkoutId), 'PENDING')

    await expectStatus(postWebhook(client, succeeded), 200)
    assert.lengthOf(await eventsOf('payment.captured', resource), 1)
  })
})

test.group('Webhook events: cancellations by an expiry or the provider', (group) => {
  eachInTransaction(group)
  withStripe(group)

  test('an expiry sends order.status_changed and order.cancelled for each order, once', async ({
    client,
    assert,
  }) => {
    const placed = await placedByCard(client)
    await db
      .from('payments')
      .where('checkout_id', placed.checkoutId)
      .update({ expires_at: '2020-01-01 00:00:00' })
    const expiry = await app.container.make(PaymentExpiryService)
    assert.equal(await expiry.expireDue(), 1)
    assert.equal(await expiry.expireDue(), 0)

    for (const order of placed.orders) {
      const resource = `order:${order.id}`
      const changed = await eventsOf('order.status_changed', resource)
      const cancelled = await eventsOf('order.cancelled', resource)
      assert.lengthOf(changed, 1)
      assert.lengthOf(cancelled, 1)
      assert.containsSubset(changed[0].data, {
        id: order.id,
        status: 'CANCELLED',
        previousStatus: 'PENDING',
      })
      assert.deepEqual(cancelled[0].data, changed[0].data)
      assert.isTrue(cancelled[0].occurredAt > changed[0].occurredAt)
    }
    assert.lengthOf(await eventsOf('payment.captured'), 0)
  })

  test('a cancellation at the provider sends the same events; its repeat nothing', async ({
    client,
    assert,
  }) => {
    const placed = await placedByCard(client)
    const cancelledAtProvider = intentEvent(
      'payment_intent.canceled',
      placed.intentId,
      placed.checkoutId,
      placed.amount
    )
    await expectStatus(postWebhook(client, cancelledAtProvider), 200)
    await expectStatus(postWebhook(client, cancelledAtProvider), 200)
    for (const order of placed.orders) {
      assert.lengthOf(await eventsOf('order.status_changed', `order:${order.id}`), 1)
      assert.lengthOf(await eventsOf('order.cancelled', `order:${order.id}`), 1)
    }
  })
})

test.group('Webhook events: money recorded by hand', (group) => {
  eachInTransaction(group)

  test('payment.captured once the last order of the checkout is recorded paid', async ({
    client,
    assert,
  }) => {
    const { orders } = await placedCheckout('BANK_TRANSFER')
    const resource = `checkout:${orders[0].checkoutId}`
    const admin = await actor(UserType.ADMIN)
    const record = (orderId: string) =>
      client
        .put(`/api/v1/admin/orders/${orderId}/payment-status`)
        .header('Authorization', admin.authorization)
        .json({ paymentStatus: 'PAID' })

    await expectStatus(record(orders[0].id), 200)
    assert.lengthOf(await eventsOf('payment.captured', resource), 0)
    await expectStatus(record(orders[1].id), 200)
    // Recorded twice: refused, nothing sent again.
    await expectStatus(record(orders[1].id), 409)

    const captured = await eventsOf('payment.captured', resource)
    assert.lengthOf(captured, 1)
    const payment = await paymentRow(orders[0].checkoutId)
    assert.containsSubset(captured[0].data, {
      id: payment.id,
      provider: 'manual',
      method: 'BANK_TRANSFER',
      status: 'CAPTURED',
      capturedAmountCents: Number(payment.amount_cents),
    })
  })
})

test.group('Webhook events: product.low_stock', (group) => {
  eachInTransaction(group)

  /** A product of a selling shop with `stock` units, and a customer ready to buy. */
  async function lowStockSetup(stock: number, id?: string) {
    const seller = await sellerShop()
    const item = await product(seller.shop.id, 1000, {
      stock,
      ...(id ? { id } : {}),
      name: 'Lamp',
      sku: `LAMP-${randomUUID().slice(0, 8)}`,
    })
    return { seller, item, standard: await seededMethod('Standard') }
  }

  async function buy(client: Parameters<typeof postAs>[0], lines: Parameters<typeof fillCart>[1]) {
    const customer = await shopper()
    await fillCart(customer.user, lines)
    return requestPlacement(client, customer, await seededMethod('Standard'))
  }

  test('a placement crossing the threshold sends it once; staying low sends nothing more', async ({
    client,
    assert,
  }) => {
    const { item } = await lowStockSetup(7)
    const resource = `product:${item.id}`
    await expectStatus(buy(client, [[item, 1]]), 201)
    assert.lengthOf(await eventsOf('product.low_stock', resource), 0)
    await expectStatus(buy(client, [[item, 2]]), 201)
    await expectStatus(buy(client, [[item, 1]]), 201)
    // Refused: only 3 left.
    await expectStatus(buy(client, [[item, 4]]), 422)

    const events = await eventsOf('product.low_stock', resource)
    assert.lengthOf(events, 1)
    assert.deepEqual(events[0].data, {
      id: item.id,
      variantId: item.id,
      shopId: item.shopId,
      name: 'Lamp',
      sku: item.sku,
      stock: 4,
      threshold: 5,
    })
  })

  test('a placement rolled back after taking the stock sends nothing', async ({
    client,
    assert,
    cleanup,
  }) => {
    const { item } = await lowStockSetup(6)
    app.container.swap(OutboxService, () => new (outboxFailingAfter('product.low_stock'))())
    cleanup(() => app.container.restore(OutboxService))
    const response = await buy(client, [[item, 3]])
    app.container.restore(OutboxService)
    assert.equal(response.status(), 500)
    assert.lengthOf(await eventsOf('product.low_stock', `product:${item.id}`), 0)
    assert.lengthOf(await eventsOf('order.placed'), 0)
    const row = await db.from('product_variants').where('id', item.id).firstOrFail()
    assert.equal(Number(row.stock), 6)
  })

  test('a seller counting the stock down across the threshold sends it once', async ({
    client,
    assert,
  }) => {
    const { seller, item } = await lowStockSetup(20)
    const resource = `product:${item.id}`
    const count = (stock: number) =>
      client
        .put(`/api/v1/seller/products/${item.id}`)
        .header('Authorization', seller.authorization)
        .json({ stock })
    await expectStatus(count(6), 200)
    assert.lengthOf(await eventsOf('product.low_stock', resource), 0)
    await expectStatus(count(5), 200)
    await expectStatus(count(2), 200)
    await expectStatus(count(-1), 400)
    let events = await eventsOf('product.low_stock', resource)
    assert.lengthOf(events, 1)
    assert.equal(events[0].data.stock, 5)

    // Restocked, then low again: a new crossing.
    await expectStatus(count(30), 200)
    await expectStatus(count(0), 200)
    events = await eventsOf('product.low_stock', resource)
    assert.lengthOf(events, 2)
    assert.equal(events[1].data.stock, 0)
  })
})
