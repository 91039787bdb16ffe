import type { DateTime } from 'luxon'
import { column } from '@adonisjs/lucid/orm'
import { UuidModel } from '#models/uuid_model'
import { booleanColumn } from '#models/column_types'
import type { UserType } from '#enums/user_type'

/** One account: an (e-mail, user type) pair with its own password, verification and activation. */
export default class User extends UuidModel {
  @column()
  declare email: string

  @column()
  declare userType: UserType

  @column({ serializeAs: null })
  declare password: string

  @column.dateTime()
  declare emailVerifiedAt: DateTime | null

  @column(booleanColumn)
  declare isActive: boolean

  /** True for an admin account registered publicly and not yet activated by a Super Admin. */
  @column(booleanColumn)
  declare awaitingApproval: boolean

  /** Bumped by every event that must revoke tokens already issued. */
  @column()
  declare tokenVersion: number

  /** When the account's personal data was erased (docs/api/privacy.md); null while it is not. */
  @column.dateTime()
  declare erasedAt: DateTime | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime

  get isVerified(): boolean {
    return this.emailVerifiedAt !== null
  }
}
