import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'

/**
 * An instant as a value for a query builder (where clauses, raw updates). Lucid models store
 * instants in each dialect's own form (timestamptz on PostgreSQL, `yyyy-MM-dd HH:mm:ss` UTC text
 * on SQLite); a bare JS Date would be bound as epoch milliseconds on SQLite and never compare
 * equal to what the models wrote.
 *
 * `round` makes a range bound compared with a column the models wrote (`created_at`): on SQLite
 * those hold whole seconds, and text with milliseconds would not compare with them correctly at
 * the boundary second, so the bound is rounded to a whole second (down for an inclusive lower
 * bound, up for an exclusive upper one: a row of that second lies before a bound with
 * milliseconds).
 */
export function sqlTime(
  value: DateTime | Date = DateTime.now(),
  client?: QueryClientContract,
  round?: 'down' | 'up'
) {
  const instant = value instanceof Date ? DateTime.fromJSDate(value) : value
  const dialect = (client ?? db.connection()).dialect
  if (dialect.name === 'postgres') return instant.toJSDate()
  if (round) {
    const second = instant.toUTC().startOf('second')
    const bound = round === 'up' && second < instant ? second.plus({ seconds: 1 }) : second
    return bound.toFormat(dialect.dateTimeFormat)
  }
  // Milliseconds are kept so rows written within one second still sort in writing order; the
  // text still compares correctly with Lucid's whole-second values.
  return instant.toUTC().toFormat(`${dialect.dateTimeFormat}.SSS`)
}

/**
 * The one text form of every instant in the legal tables (policies, consents). Lucid's SQLite
 * format drops the milliseconds, but effective dates and consent times are compared and ordered
 * to the millisecond on both databases. This form is valid `timestamptz` input for PostgreSQL
 * and, always written in UTC with the same width, sorts correctly as text in SQLite.
 */
export function toDbInstant(value: DateTime): string {
  return value.toUTC().toFormat("yyyy-MM-dd HH:mm:ss.SSS'Z'")
}

/**
 * An instant of a row read without a model, written as every response writes instants (ISO 8601
 * in UTC with milliseconds): exactly what a model's `@column.dateTime` and the transformers'
 * `instant` make of it. PostgreSQL returns a Date, SQLite the text Lucid wrote.
 */
export function instantOfRow(value: Date | string): string {
  return new Date(millisOfRow(value)).toISOString()
}

/** An instant of a row read without a model, in milliseconds since the epoch. */
export function millisOfRow(value: Date | string): number {
  return typeof value === 'string' ? DateTime.fromSQL(value).toMillis() : value.getTime()
}
