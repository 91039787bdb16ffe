import type { DateTime } from 'luxon'
import { column } from '@adonisjs/lucid/orm'
import { UuidModel } from '#models/uuid_model'

/** A tax rate for a destination country, or for one region of it. */
export default class TaxRate extends UuidModel {
  /** ISO 3166-1 alpha-2, upper-case. */
  @column()
  declare country: string

  /** Upper-case region name or code; '' for the country-wide rate. */
  @column()
  declare region: string

  /** Thousandths of a percent (`TAX_RATE` in app/support/percent.ts). */
  @column()
  declare rate: number

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime
}
