import { CommitFailedError } from '#support/commit_guard'

/** A unique index, to tell which one a violation is about. */
export interface UniqueIndex {
  name: string
  table: string
  columns: string[]
}

/**
 * True when a database error is a unique-constraint violation (PostgreSQL or SQLite); with
 * `index`, only a violation of that index. PostgreSQL names the index in `constraint`; SQLite
 * names either the index or its `table.column` list in the message.
 */
export function isUniqueViolation(error: unknown, index?: UniqueIndex): boolean {
  const candidate = (error ?? {}) as { code?: string; constraint?: string; message?: string }
  if (candidate.code === '23505') return !index || candidate.constraint === index.name
  const sqliteCodes = ['SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT_PRIMARYKEY']
  if (!sqliteCodes.includes(candidate.code ?? '')) return false
  if (!index) return true
  const message = candidate.message ?? ''
  const columns = index.columns.map((column) => `${index.table}.${column}`).join(', ')
  return message.includes(`'${index.name}'`) || message.endsWith(columns)
}

/**
 * True when a database error is a foreign-key violation (PostgreSQL 23503, SQLite's extended
 * code): a row still referenced, or a reference to a row that is gone.
 */
export function isForeignKeyViolation(error: unknown): boolean {
  const candidate = (error ?? {}) as { code?: string }
  return candidate.code === '23503' || candidate.code === 'SQLITE_CONSTRAINT_FOREIGNKEY'
}

/**
 * PostgreSQL SQLSTATEs after which the same request may succeed when tried again: a server that is
 * gone, going or not yet back (classes 08 and 57P), out of disk, memory or connections (class 53),
 * an I/O error (58030), and a transaction that lost a serialization conflict or a deadlock
 * (40001, 40P01: PostgreSQL rolled it back, so nothing was kept).
 */
const UNAVAILABLE_SQLSTATES = new Set([
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '08P01',
  '40001',
  '40P01',
  '53000',
  '53100',
  '53200',
  '53300',
  '53400',
  '57P01',
  '57P02',
  '57P03',
  '57P05',
  '58030',
])

/**
 * SQLite result codes (better-sqlite3 reports the extended ones, e.g. `SQLITE_IOERR_WRITE`) of a
 * database that cannot take the write now: still locked after the busy timeout, a full disk, an
 * I/O error, no memory, a file that cannot be opened or written.
 */
const UNAVAILABLE_SQLITE_CODES = [
  'SQLITE_BUSY',
  'SQLITE_LOCKED',
  'SQLITE_FULL',
  'SQLITE_IOERR',
  'SQLITE_NOMEM',
  'SQLITE_CANTOPEN',
  'SQLITE_READONLY',
]

/** Socket errors of a database server that cannot be reached. */
const UNAVAILABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
])

/**
 * What knex and node-postgres say, with no code, about a connection or transaction that died under
 * the request: a transaction whose BEGIN or COMMIT failed refuses every later statement ("already
 * complete"), and a dropped socket is "terminated" or "not queryable". Knex puts the SQL first, so
 * these are matched anywhere in the message.
 */
const UNAVAILABLE_MESSAGES = [
  'Transaction query already complete',
  'Connection terminated',
  'is not queryable',
  'Cannot use a pool after calling end on the pool',
  'The database connection is not open',
]

/**
 * True when a database error says the database cannot be used right now (refused or dropped
 * connections, a server shutting down or starting up, no pooled connection freed in time, a full
 * disk, SQLite still locked after its busy timeout, a commit that failed), as opposed to a refusal
 * of this statement. Such a request changed nothing and may succeed when tried again.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (error instanceof CommitFailedError) return true
  const candidate = (error ?? {}) as { code?: unknown; name?: unknown; message?: unknown }
  const code = typeof candidate.code === 'string' ? candidate.code : ''
  if (UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_SOCKET_CODES.has(code)) return true
  if (UNAVAILABLE_SQLITE_CODES.some((prefix) => code === prefix || code.startsWith(`${prefix}_`))) {
    return true
  }
  // Knex's pool gave up waiting for a connection.
  if (candidate.name === 'KnexTimeoutError') return true
  const message = typeof candidate.message === 'string' ? candidate.message : ''
  return UNAVAILABLE_MESSAGES.some((known) => message.includes(known))
}

/**
 * True when a Redis command failed because Redis cannot be reached (ioredis gave up retrying,
 * timed out, or its connection is closed): the console's session store, when kept in Redis.
 */
export function isRedisUnavailable(error: unknown): boolean {
  const candidate = (error ?? {}) as { name?: unknown; message?: unknown }
  if (candidate.name === 'MaxRetriesPerRequestError') return true
  return candidate.message === 'Command timed out' || candidate.message === 'Connection is closed.'
}
