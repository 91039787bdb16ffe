import { DateTime } from 'luxon'
import { column, scope } from '@adonisjs/lucid/orm'
import { UuidModel } from '#models/uuid_model'
import type { PolicyType } from '#enums/policy_type'
import { booleanColumn } from '#models/column_types'
import { toDbInstant } from '#support/sql_time'

/** Column options that write instants with {@link toDbInstant} and read them back in UTC. */
export const instantColumn = {
  prepare: (value: unknown) => (DateTime.isDateTime(value) ? toDbInstant(value) : value),
  consume: (value: unknown) => {
    if (value instanceof Date) return DateTime.fromJSDate(value, { zone: 'utc' })
    if (typeof value === 'string') return DateTime.fromSQL(value, { zone: 'utc' })
    return value
  },
}

/**
 * One version of a legal document. The version string is kept as written; its numeric parts are
 * stored beside it so the database can enforce "each version once per type" and order by version.
 */
export default class Policy extends UuidModel {
  static table = 'legal_policies'

  @column()
  declare type: PolicyType

  @column()
  declare title: string

  @column()
  declare content: string

  @column()
  declare version: string

  @column()
  declare versionMajor: number

  @column()
  declare versionMinor: number

  @column()
  declare versionPatch: number

  @column.dateTime(instantColumn)
  declare effectiveDate: DateTime

  @column(booleanColumn)
  declare isActive: boolean

  /** Set by the first consent: from then on content and version are frozen. */
  @column.dateTime(instantColumn)
  declare lockedAt: DateTime | null

  @column()
  declare createdById: string | null

  @column()
  declare updatedById: string | null

  @column.dateTime({ ...instantColumn, autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ ...instantColumn, autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime

  /**
   * The policy of a type in force at `at`: active, effective date not in the future, the latest
   * effective date first and the higher version on a tie. Take the first row.
   */
  static inForce = scope((query, type: PolicyType, at: DateTime) => {
    query
      .where('type', type)
      .where('is_active', true)
      .where('effective_date', '<=', toDbInstant(at))
      .orderBy('effective_date', 'desc')
      .orderBy('version_major', 'desc')
      .orderBy('version_minor', 'desc')
      .orderBy('version_patch', 'desc')
  })

  /** The numeric parts of this policy's version. */
  get versionParts(): readonly [number, number, number] {
    return [this.versionMajor, this.versionMinor, this.versionPatch]
  }
}
