import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { eachInTransaction } from '#tests/helpers/transactions'
import { expectProblem } from '#tests/helpers/responses'
import { actor } from '#tests/helpers/actors'
import { UserType } from '#enums/user_type'
import WebhookEndpoint from '#models/webhook_endpoint'
import WebhookDelivery from '#models/webhook_delivery'
import { StockService } from '#services/catalog/stock_service'
import { InsufficientStock } from '#exceptions/cart_errors'
import {
  RETRY_WINDOW_HOURS,
  WebhookDeliveryService,
  retryDelaySeconds,
} from '#services/integrations/webhook_delivery_service'
import { OutboxService } from '#services/mail/outbox_service'
import { sqlTime } from '#support/sql_time'
import { requestPlacement, twoShopCart } from '#tests/functional/checkout/support'
import { registeredEndpoint, WebhookReceiver, workerPass } from './support.js'

const BASE = '/api/v1/admin/webhooks'

test.group('Webhook delivery', (group) => {
  let receiver: WebhookReceiver
  eachInTransaction(group, WebhookEndpoint)
  group.each.setup(async () => {
    await db.from('outbox_messages').delete()
    receiver = await new WebhookReceiver().start()
    return () => receiver.stop()
  })

  test('a placement sends order.placed to each subscribed endpoint, signed by the standard', async ({
    client,
    assert,
  }) => {
    const { endpoint } = await registeredEndpoint(client, receiver)
    const other = await new WebhookReceiver().start()
    await registeredEndpoint(client, other, ['order.cancelled'])
    try {
      const { customer, standard } = await twoShopCart()
      const response = await requestPlacement(client, customer, standard)
      response.assertStatus(201)
      const orders: Array<{ id: string; orderNumber: string }> = response.body()

      assert.deepEqual(await workerPass(), { delivered: 2, failed: 0 })
      assert.equal(receiver.unverified, 0)
      assert.equal(other.requests, 0)
      assert.sameMembers(
        receiver.received.map((event) => event.data.id),
        orders.map((order) => order.id)
      )
      for (const event of receiver.received) {
        assert.equal(event.type, 'order.placed')
        assert.match(event.signature, /^v1,[A-Za-z0-9+/=]+$/)
        const order = orders.find((placed) => placed.id === event.data.id)!
        assert.containsSubset(event.data, {
          orderNumber: order.orderNumber,
          status: 'PENDING',
          customerId: customer.user.id,
        })
        assert.isNumber(event.data.totalCents)
      }
      const deliveries = await WebhookDelivery.query().where('endpoint_id', endpoint.id)
      assert.lengthOf(deliveries, 2)
      for (const delivery of deliveries) {
        assert.containsSubset(delivery.serialize(), { status: 'DELIVERED', attempts: 1 })
        assert.equal(delivery.lastStatusCode, 204)
      }
      assert.sameMembers(
        deliveries.map((delivery) => delivery.eventId),
        receiver.received.map((event) => event.webhookId)
      )
      assert.deepEqual(await workerPass(), { delivered: 0, failed: 0 })
      assert.lengthOf(receiver.received, 2)
    } finally {
      await other.stop()
    }
  })

  test('a rolled-back placement sends nothing', async ({ client, assert, cleanup }) => {
    await registeredEndpoint(client, receiver)
    class SoldOut extends StockService {
      async take(): Promise<never> {
        throw new InsufficientStock('sold out meanwhile')
      }
    }
    app.container.swap(StockService, () => new SoldOut())
    cleanup(() => app.container.restore(StockService))
    const { customer, standard } = await twoShopCart()
    const response = await requestPlacement(client, customer, standard)
    expectProblem(assert, response, 422, 'INSUFFICIENT_STOCK')
    assert.lengthOf(await db.from('outbox_messages'), 0)
    assert.deepEqual(await workerPass(), { delivered: 0, failed: 0 })
    assert.equal(receiver.requests, 0)
  })

  test('a receiver down for a while gets every event once back, in order per order', async ({
    client,
    assert,
  }) => {
    const { admin } = await registeredEndpoint(client, receiver)
    receiver.down()
    const { customer, standard } = await twoShopCart()
    const placed = await requestPlacement(client, customer, standard)
    placed.assertStatus(201)
    const [first, second] = placed.body()
    const setStatus = async (orderId: string, status: string) => {
      const response = await client
        .put(`/api/v1/admin/orders/${orderId}/status`)
        .header('Authorization', admin.authorization)
        .json({ status })
      response.assertStatus(200)
    }
    await setStatus(first.id, 'CONFIRMED')
    await setStatus(first.id, 'SHIPPED')
    await setStatus(second.id, 'CANCELLED')
    await new OutboxService().deliverDue(1000)
    assert.lengthOf(await WebhookDelivery.all(), 6)

    // Down: each pass tries only the earliest event of each order, and fails.
    const webhooks = new WebhookDeliveryService()
    let clock = DateTime.now()
    for (let pass = 1; pass <= 3; pass++) {
      assert.deepEqual(await webhooks.deliverDue({ now: () => clock }), {
        delivered: 0,
        failed: 2,
      })
      clock = clock.plus({ hours: 8 })
    }
    assert.equal(receiver.requests, 6)
    const tried = await WebhookDelivery.query().where('attempts', 3)
    assert.sameMembers(
      tried.map((delivery) => delivery.eventType),
      ['order.placed', 'order.placed']
    )

    // Back: one pass delivers everything, each once, in the order it happened per order.
    receiver.up()
    assert.deepEqual(await webhooks.deliverDue({ now: () => clock }), {
      delivered: 6,
      failed: 0,
    })
    assert.equal(receiver.unverified, 0)
    const typesOf = (orderId: string) =>
      receiver.received
        .filter((event) => event.data.id === orderId)
        .map((event) => [event.type, event.data.status])
    assert.deepEqual(typesOf(first.id), [
      ['order.placed', 'PENDING'],
      ['order.status_changed', 'CONFIRMED'],
      ['order.status_changed', 'SHIPPED'],
    ])
    assert.deepEqual(typesOf(second.id), [
      ['order.placed', 'PENDING'],
      ['order.status_changed', 'CANCELLED'],
      ['order.cancelled', 'CANCELLED'],
    ])
    const ids = receiver.received.map((event) => event.webhookId)
    assert.equal(new Set(ids).size, 6)
    // The retried ones kept their webhook-id: the event id their delivery row was created with.
    assert.sameMembers(
      tried.map((delivery) => delivery.eventId),
      receiver.received.filter((event) => event.type === 'order.placed').map((e) => e.webhookId)
    )
  })

  test('retries back off from seconds (three within 5 minutes) to hours, with jitter', async ({
    assert,
  }) => {
    const low = [1, 2, 3].map((attempt) => retryDelaySeconds(attempt, () => 1))
    assert.isBelow(
      low.reduce((sum, delay) => sum + delay, 0),
      300
    )
    assert.deepEqual(
      [1, 2, 3, 4].map((attempt) => retryDelaySeconds(attempt, () => 0.5)),
      [5, 25, 125, 625]
    )
    assert.equal(
      retryDelaySeconds(30, () => 0.5),
      6 * 3600
    )
    assert.notEqual(
      retryDelaySeconds(5, () => 0),
      retryDelaySeconds(5, () => 1)
    )
  })

  test('a delivery still failing when its retry window ends is FAILED', async ({
    client,
    assert,
  }) => {
    const { endpoint } = await registeredEndpoint(client, receiver)
    receiver.down()
    const { customer, standard } = await twoShopCart()
    const placement = await requestPlacement(client, customer, standard)
    placement.assertStatus(201)
    await new OutboxService().deliverDue(1000)
    const late = DateTime.now().plus({ hours: RETRY_WINDOW_HOURS })
    assert.deepEqual(await new WebhookDeliveryService().deliverDue({ now: () => late }), {
      delivered: 0,
      failed: 2,
    })
    const rows = await WebhookDelivery.query().where('endpoint_id', endpoint.id)
    assert.deepEqual(
      rows.map((row) => row.status),
      ['FAILED', 'FAILED']
    )
  })

  test('an endpoint failing for three days is disabled and every admin mailed', async ({
    client,
    assert,
  }) => {
    const { admin, endpoint } = await registeredEndpoint(client, receiver)
    const other = await actor(UserType.SUPER_ADMIN)
    await db
      .from('webhook_endpoints')
      .where('id', endpoint.id)
      .update({ failing_since: sqlTime(DateTime.now().minus({ days: 3, minutes: 1 })) })
    receiver.down()
    const { customer, standard } = await twoShopCart()
    const placement = await requestPlacement(client, customer, standard)
    placement.assertStatus(201)
    await new OutboxService().deliverDue(1000)
    await new WebhookDeliveryService().deliverDue()

    const row = await WebhookEndpoint.findOrFail(endpoint.id)
    assert.isFalse(row.enabled)
    assert.equal(row.disabledReason, 'failing')
    const mails = await db.from('outbox_messages').where('kind', 'webhook_endpoint_disabled')
    const recipients = mails.map((mail) => JSON.parse(mail.payload).email)
    assert.includeMembers(recipients, [admin.user.email, other.user.email])
    assert.equal(new Set(recipients).size, recipients.length)

    // Disabled: nothing more is tried until an admin enables it again.
    receiver.up()
    const requests = receiver.requests
    assert.deepEqual(await new WebhookDeliveryService().deliverDue(), {
      delivered: 0,
      failed: 0,
    })
    assert.equal(receiver.requests, requests)
    const enabled = await client
      .put(`${BASE}/${endpoint.id}`)
      .header('Authorization', admin.authorization)
      .json({ enabled: true })
    enabled.assertStatus(200)
    const later = DateTime.now().plus({ hours: 1 })
    assert.deepEqual(await new WebhookDeliveryService().deliverDue({ now: () => later }), {
      delivered: 2,
      failed: 0,
    })
  })

  test('the log keeps the status, duration and 1 KB of the answer; redelivery resends', async ({
    client,
    assert,
  }) => {
    const { admin, endpoint } = await registeredEndpoint(client, receiver)
    receiver.status = 200
    receiver.body = 'é'.repeat(3000)
    const { customer, standard } = await twoShopCart()
    const placement = await requestPlacement(client, customer, standard)
    placement.assertStatus(201)
    await workerPass()

    const log = await client
      .get(`${BASE}/${endpoint.id}/deliveries`)
      .header('Authorization', admin.authorization)
    log.assertStatus(200)
    assert.equal(log.body().total, 2)
    const [entry] = log.body().items
    assert.containsSubset(entry, {
      endpointId: endpoint.id,
      eventType: 'order.placed',
      status: 'DELIVERED',
      attempts: 1,
      lastStatusCode: 200,
      lastError: null,
      nextAttemptAt: null,
    })
    assert.isAtMost(Buffer.byteLength(entry.lastResponse), 1024)
    assert.isAbove(entry.lastResponse.length, 100)
    assert.isAtLeast(entry.lastDurationMs, 0)

    const redeliver = () =>
      client
        .post(`${BASE}/deliveries/${entry.id}/redeliver`)
        .header('Authorization', admin.authorization)
    const queued = await redeliver()
    queued.assertStatus(202)
    assert.equal(queued.body().status, 'PENDING')
    expectProblem(assert, await redeliver(), 409, 'WEBHOOK_DELIVERY_PENDING')
    assert.deepEqual(await workerPass(), { delivered: 1, failed: 0 })
    const sameId = receiver.received.filter((event) => event.webhookId === entry.webhookId)
    assert.lengthOf(sameId, 2)
    const row = await WebhookDelivery.findOrFail(entry.id)
    assert.equal(row.attempts, 2)
  })

  test('a redirect is not followed: the attempt fails with its status', async ({
    client,
    assert,
  }) => {
    const target = await new WebhookReceiver().start()
    try {
      const { endpoint } = await registeredEndpoint(client, receiver)
      target.secrets = receiver.secrets
      receiver.status = 302
      receiver.headers = { location: target.url }
      const { customer, standard } = await twoShopCart()
      const placement = await requestPlacement(client, customer, standard)
      placement.assertStatus(201)
      assert.deepEqual(await workerPass(), { delivered: 0, failed: 2 })
      assert.equal(target.requests, 0)
      const rows = await WebhookDelivery.query().where('endpoint_id', endpoint.id)
      for (const row of rows) {
        assert.equal(row.status, 'PENDING')
        assert.equal(row.lastStatusCode, 302)
        assert.include(row.lastError, 'redirects are not followed')
      }
    } finally {
      await target.stop()
    }
  })
})
