import type { DateTime } from 'luxon'
import { column } from '@adonisjs/lucid/orm'
import { UuidModel } from '#models/uuid_model'

/** A side effect (an e-mail) recorded in the transaction that caused it, delivered later. */
export default class OutboxMessage extends UuidModel {
  @column()
  declare kind: string

  @column({
    prepare: (value: unknown) => JSON.stringify(value),
    consume: (value: string) => JSON.parse(value),
  })
  declare payload: Record<string, unknown>

  /**
   * PENDING until sent (SENT); FAILED after its last allowed try, until `node ace outbox:retry`;
   * EXPIRED when the one-time codes it carries expired before it could be sent (never sent).
   */
  @column()
  declare status: 'PENDING' | 'SENT' | 'FAILED' | 'EXPIRED'

  /** The fields not stored in clear (one-time codes), encrypted: see #services/mail/outbox_secret. */
  @column({ serializeAs: null })
  declare secret: string | null

  /** When the codes of `secret` stop working; null for mail that never expires. */
  @column.dateTime()
  declare expiresAt: DateTime | null

  @column()
  declare attempts: number

  @column.dateTime()
  declare nextAttemptAt: DateTime

  @column.dateTime()
  declare lockedUntil: DateTime | null

  @column()
  declare lastError: string | null

  @column.dateTime()
  declare sentAt: DateTime | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime
}
