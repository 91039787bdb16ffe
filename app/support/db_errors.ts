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

/** True when a database error is a CHECK-constraint violation (PostgreSQL or SQLite). */
export function isCheckViolation(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code
  return code === '23514' || code === 'SQLITE_CONSTRAINT_CHECK'
}
