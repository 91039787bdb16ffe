/*
| Two workers (two instances' outbox workers) delivering at once, outside the test transaction so
| that on PostgreSQL each claims on its own connection, as separate processes would.
*/
import { randomUUID } from 'node:crypto'
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import app from '@adonisjs/core/services/app'
import { makeUser } from '#tests/helpers/actors'
import { actorOf } from '#support/actor'
import { UserType } from '#enums/user_type'
import { WebhookEndpointService } from '#services/integrations/webhook_endpoint_service'
import { WebhookDeliveryService } from '#services/integrations/webhook_delivery_service'
import { fanOutWebhookEvent } from '#services/integrations/webhook_fan_out'
import { WebhookReceiver } from './support.js'

const EVENTS = 40

test.group('Webhook delivery by two workers at once', (group) => {
  let receiver: WebhookReceiver
  const userIds: string[] = []
  group.each.setup(async () => {
    receiver = await new WebhookReceiver().start()
    return async () => {
      await receiver.stop()
      await db.from('webhook_endpoints').whereIn('created_by', userIds).delete()
      await db.from('admin_actions').whereIn('actor_id', userIds).delete()
      await db.from('users').whereIn('id', userIds).delete()
      userIds.length = 0
    }
  })

  test('every event reaches the receiver exactly once', async ({ assert }) => {
    const admin = await makeUser(UserType.ADMIN)
    userIds.push(admin.id)
    const endpoints = await app.container.make(WebhookEndpointService)
    const { endpoint, secret } = await endpoints.create(actorOf(admin), {
      url: receiver.url,
      events: ['order.placed'],
    })
    receiver.secrets.push(secret)
    const eventIds: string[] = []
    for (let index = 0; index < EVENTS; index++) {
      const eventId = randomUUID()
      eventIds.push(eventId)
      await fanOutWebhookEvent(eventId, {
        type: 'order.placed',
        resource: `order:${randomUUID()}`,
        occurredAt: DateTime.now().toUTC().toISO()!,
        data: { index },
      })
    }

    const [one, two] = await Promise.all([
      new WebhookDeliveryService().deliverDue({ limit: EVENTS }),
      new WebhookDeliveryService().deliverDue({ limit: EVENTS }),
    ])
    assert.equal(one.delivered + two.delivered, EVENTS)
    assert.equal(one.failed + two.failed, 0)
    assert.equal(receiver.unverified, 0)
    const received = receiver.received.map((event) => event.webhookId)
    assert.lengthOf(received, EVENTS)
    assert.sameMembers(received, eventIds)
    const rows = await db
      .from('webhook_deliveries')
      .where('endpoint_id', endpoint.id)
      .select('status', 'attempts')
    assert.lengthOf(rows, EVENTS)
    for (const row of rows) assert.deepEqual([row.status, Number(row.attempts)], ['DELIVERED', 1])
  })
})
