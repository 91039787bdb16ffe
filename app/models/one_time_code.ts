import type { DateTime } from 'luxon'
import { column } from '@adonisjs/lucid/orm'
import { UuidModel } from '#models/uuid_model'
import type { CodePurpose } from '#enums/code_purpose'

/** A 6-digit code sent by e-mail, stored only as a keyed hash, bound to one account and purpose. */
export default class OneTimeCode extends UuidModel {
  @column()
  declare userId: string

  @column()
  declare purpose: CodePurpose

  @column({ serializeAs: null })
  declare codeHash: string

  @column()
  declare attempts: number

  @column.dateTime()
  declare expiresAt: DateTime

  @column.dateTime()
  declare consumedAt: DateTime | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime
}
