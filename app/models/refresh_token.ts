import type { DateTime } from 'luxon'
import { belongsTo, column } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import { UuidModel } from '#models/uuid_model'
import User from '#models/user'

/** An opaque refresh token, stored as a SHA-256 digest; rotation chains share a family id. */
export default class RefreshToken extends UuidModel {
  @column()
  declare userId: string

  @column()
  declare familyId: string

  @column({ serializeAs: null })
  declare tokenHash: string

  @column.dateTime()
  declare expiresAt: DateTime

  /** Set when the token was exchanged for a new one; presenting it again is reuse. */
  @column.dateTime()
  declare rotatedAt: DateTime | null

  @column.dateTime()
  declare revokedAt: DateTime | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @belongsTo(() => User)
  declare user: BelongsTo<typeof User>
}
