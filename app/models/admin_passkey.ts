import type { DateTime } from 'luxon'
import { column } from '@adonisjs/lucid/orm'
import { UuidModel } from '#models/uuid_model'

/** A named WebAuthn credential (passkey) an administrator signs in to the console with. */
export default class AdminPasskey extends UuidModel {
  @column()
  declare userId: string

  @column()
  declare name: string

  /** The credential id, base64url. */
  @column()
  declare credentialId: string

  /** The COSE public key, base64url. */
  @column({ serializeAs: null })
  declare publicKey: string

  @column({ consume: (value: unknown) => Number(value) })
  declare signCount: number

  /** The authenticator's transports (usb, internal, ...), comma-separated, as hints. */
  @column()
  declare transports: string | null

  @column.dateTime()
  declare lastUsedAt: DateTime | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime
}
