import type { DateTime } from 'luxon'
import { column } from '@adonisjs/lucid/orm'
import { UuidModel } from '#models/uuid_model'
import { booleanColumn } from '#models/column_types'
import type { WebhookEventType } from '#enums/webhook_event'

const jsonText = {
  prepare: (value: unknown) => JSON.stringify(value),
  consume: (value: string) => JSON.parse(value),
}

/**
 * A URL an administrator registered to receive signed webhook events
 * (#services/integrations/webhook_endpoint_service).
 */
export default class WebhookEndpoint extends UuidModel {
  @column()
  declare url: string

  @column()
  declare description: string

  /** The event types the endpoint is sent. */
  @column(jsonText)
  declare events: WebhookEventType[]

  /**
   * The signing secrets, encrypted with APP_KEY (#services/integrations/webhook_secrets): never
   * serialized, shown in clear only once, when created or rotated.
   */
  @column({ serializeAs: null })
  declare secrets: string

  @column(booleanColumn)
  declare enabled: boolean

  /** Why a disabled endpoint is disabled: `manual`, or `failing` after three days of failures. */
  @column()
  declare disabledReason: 'manual' | 'failing' | null

  /** The first failed delivery since the last successful one; null while deliveries succeed. */
  @column.dateTime()
  declare failingSince: DateTime | null

  @column()
  declare createdBy: string | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime
}
