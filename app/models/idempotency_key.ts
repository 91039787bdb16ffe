import type { DateTime } from 'luxon'
import { column } from '@adonisjs/lucid/orm'
import { UuidModel } from '#models/uuid_model'

/** A customer's place-order idempotency key and what it produced (see the migration). */
export default class IdempotencyKey extends UuidModel {
  @column()
  declare userId: string

  @column()
  declare key: string

  /** SHA-256 (hex) of the canonical request without the key. */
  @column()
  declare fingerprint: string

  @column()
  declare status: 'IN_PROGRESS' | 'COMPLETED'

  @column()
  declare claimToken: string

  /** Set when COMPLETED: the orders of this checkout are the key's answer. */
  @column()
  declare checkoutId: string | null

  @column.dateTime()
  declare claimedAt: DateTime

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime
}
