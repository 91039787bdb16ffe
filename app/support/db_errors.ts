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

/** PostgreSQL SQLSTATEs of a server that is gone, going or not yet back (classes 08 and 57P). */
const UNAVAILABLE_SQLSTATES = new Set([
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '57P01',
  '57P02',
  '57P03',
])

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
 * True when a database error says the database cannot be used right now (refused or dropped
 * connections, a server shutting down or starting up, no pooled connection freed in time, SQLite
 * still locked after its busy timeout), as opposed to a refusal of this statement. Such a request
 * may succeed when tried again.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const candidate = (error ?? {}) as { code?: unknown; name?: unknown; message?: unknown }
  const code = typeof candidate.code === 'string' ? candidate.code : ''
  if (UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_SOCKET_CODES.has(code)) return true
  if (code === 'SQLITE_BUSY') return true
  // Knex's pool gave up waiting for a connection.
  if (candidate.name === 'KnexTimeoutError') return true
  // node-postgres reports a dropped socket with a message and no code; Knex puts the SQL first.
  const message = typeof candidate.message === 'string' ? candidate.message : ''
  return message.includes('Connection terminated') || message.endsWith('is not queryable')
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
