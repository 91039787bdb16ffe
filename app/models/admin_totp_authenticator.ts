import type { DateTime } from 'luxon'
import { column } from '@adonisjs/lucid/orm'
import { UuidModel } from '#models/uuid_model'

/** An administrator's TOTP authenticator (#services/accounts/console_two_factor_service). */
export default class AdminTotpAuthenticator extends UuidModel {
  @column()
  declare userId: string

  /** The base32 secret, encrypted with APP_KEY for this account (never shown again). */
  @column({ serializeAs: null })
  declare secretEncrypted: string

  /** The last 30-second step a code was accepted for: that code and older ones are spent. */
  @column({ consume: (value: unknown) => (value === null ? null : Number(value)) })
  declare lastUsedStep: number | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime
}
