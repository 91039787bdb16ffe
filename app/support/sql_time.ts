import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'

/**
 * An instant as a value for a query builder (where clauses, raw updates). Lucid models store
 * instants in each dialect's own form (timestamptz on PostgreSQL, `yyyy-MM-dd HH:mm:ss` UTC text
 * on SQLite); a bare JS Date would be bound as epoch milliseconds on SQLite and never compare
 * equal to what the models wrote.
 */
export function sqlTime(value: DateTime | Date = DateTime.now(), client?: QueryClientContract) {
  const instant = value instanceof Date ? DateTime.fromJSDate(value) : value
  const dialect = (client ?? db.connection()).dialect
  if (dialect.name === 'postgres') return instant.toJSDate()
  // Milliseconds are kept so rows written within one second still sort in writing order; the
  // text still compares correctly with Lucid's whole-second values.
  return instant.toUTC().toFormat(`${dialect.dateTimeFormat}.SSS`)
}
