import type { QueryClientContract } from '@adonisjs/lucid/types/database'

/**
 * The order ledger entries were appended in, newest first: PostgreSQL numbers them in
 * `seq` (a bigserial), SQLite in its `rowid` (the table is append-only, so rowids only
 * grow). Instants alone tie when two entries are written in one millisecond, or, on SQLite, one
 * second.
 */
export function newestAppendedFirst(client: QueryClientContract): string {
  return client.dialect.name === 'postgres'
    ? 'ledger_entries.seq desc'
    : 'ledger_entries.rowid desc'
}
