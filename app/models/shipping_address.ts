import type { DateTime } from 'luxon'
import { column } from '@adonisjs/lucid/orm'
import { UuidModel } from '#models/uuid_model'
import { booleanColumn } from '#models/column_types'

/** A customer's saved delivery address; orders copy it, so edits never reach a placed order. */
export default class ShippingAddress extends UuidModel {
  @column()
  declare userId: string

  @column()
  declare fullName: string

  @column()
  declare phone: string

  // Named explicitly: the default naming strategy would look for line_1 and line_2.
  @column({ columnName: 'line1' })
  declare line1: string

  @column({ columnName: 'line2' })
  declare line2: string | null

  @column()
  declare city: string

  @column()
  declare state: string | null

  @column()
  declare postalCode: string | null

  /** ISO 3166-1 alpha-2, upper-case. */
  @column()
  declare country: string

  @column(booleanColumn)
  declare isDefault: boolean

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime
}
