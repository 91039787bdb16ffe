import type { DateTime } from 'luxon'
import { column } from '@adonisjs/lucid/orm'
import { UuidModel } from '#models/uuid_model'

/**
 * One event for one endpoint: its `webhook-id` is `eventId`, the same on every attempt. The
 * columns `last*` describe the latest attempt (at most 1 KB of the response body is kept).
 */
export default class WebhookDelivery extends UuidModel {
  @column()
  declare endpointId: string

  @column()
  declare eventId: string

  @column()
  declare eventType: string

  /** `order:<id>`: deliveries of one resource to one endpoint go out in the order they happened. */
  @column()
  declare resourceKey: string

  /** The signed body, exactly as sent. */
  @column({ serializeAs: null })
  declare payload: string

  @column.dateTime()
  declare occurredAt: DateTime

  /** PENDING until a 2xx answer (DELIVERED), FAILED once the retry window is over. */
  @column()
  declare status: 'PENDING' | 'DELIVERED' | 'FAILED'

  @column()
  declare attempts: number

  @column.dateTime()
  declare nextAttemptAt: DateTime

  @column.dateTime()
  declare lockedUntil: DateTime | null

  @column()
  declare lastStatusCode: number | null

  @column()
  declare lastDurationMs: number | null

  @column()
  declare lastResponse: string | null

  @column()
  declare lastError: string | null

  @column.dateTime()
  declare lastAttemptAt: DateTime | null

  @column.dateTime()
  declare deliveredAt: DateTime | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime
}
