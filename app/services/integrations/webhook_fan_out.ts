import { randomUUID } from 'node:crypto'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import WebhookEndpoint from '#models/webhook_endpoint'
import { sqlTime } from '#support/sql_time'
import type { WebhookEventPayload } from '#services/integrations/webhook_events'

/**
 * Turns one webhook event the outbox delivers into one delivery per enabled endpoint subscribed
 * to its type (the endpoints as they are now: one disabled or unsubscribed meanwhile gets
 * nothing). The event's outbox id is the `webhook-id` of every delivery, and the body each
 * endpoint is sent (and that is signed) is fixed here. Inserting twice (a worker that died before
 * it marked the event sent) inserts nothing more: a delivery is unique per endpoint and event.
 */
export async function fanOutWebhookEvent(eventId: string, event: WebhookEventPayload) {
  const endpoints = await WebhookEndpoint.query().where('enabled', true).select('id', 'events')
  const subscribed = endpoints.filter((endpoint) => endpoint.events.includes(event.type))
  if (subscribed.length === 0) return
  const body = JSON.stringify({ type: event.type, timestamp: event.occurredAt, data: event.data })
  const occurredAt = DateTime.fromISO(event.occurredAt)
  const now = sqlTime()
  await db
    .table('webhook_deliveries')
    .insert(
      subscribed.map((endpoint) => ({
        id: randomUUID(),
        endpoint_id: endpoint.id,
        event_id: eventId,
        event_type: event.type,
        resource_key: event.resource,
        payload: body,
        occurred_at: sqlTime(occurredAt),
        status: 'PENDING',
        attempts: 0,
        next_attempt_at: now,
        created_at: now,
        updated_at: now,
      }))
    )
    .onConflict(['endpoint_id', 'event_id'])
    .ignore()
}
