import type { DateTime } from 'luxon'
import { column } from '@adonisjs/lucid/orm'
import { UuidModel } from '#models/uuid_model'
import type { ApiKeyScope } from '#enums/api_key_scope'

/**
 * A server-to-server credential (#services/integrations/api_key_service): only its SHA-256 is
 * stored; `prefix` is the start of the key, shown so that an operator can tell keys apart.
 */
export default class ApiKey extends UuidModel {
  @column()
  declare name: string

  @column()
  declare prefix: string

  @column({ serializeAs: null })
  declare tokenHash: string

  @column({
    prepare: (value: unknown) => JSON.stringify(value),
    consume: (value: string) => JSON.parse(value),
  })
  declare scopes: ApiKeyScope[]

  /** The administrator who created it: the key acts with that account's rights. */
  @column()
  declare createdBy: string

  @column.dateTime()
  declare lastUsedAt: DateTime | null

  @column.dateTime()
  declare revokedAt: DateTime | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime
}
