/**
 * Recognises the database refusing a row because of one unique index. PostgreSQL names the index
 * in `constraint`; SQLite names either the index or its `table.column` list in the message.
 */
export function isUniqueViolation(
  error: unknown,
  index: { name: string; table: string; columns: string[] }
): boolean {
  const candidate = (error ?? {}) as { code?: string; constraint?: string; message?: string }
  if (candidate.code === '23505') return candidate.constraint === index.name
  if (candidate.code !== 'SQLITE_CONSTRAINT_UNIQUE') return false
  const message = candidate.message ?? ''
  const columns = index.columns.map((column) => `${index.table}.${column}`).join(', ')
  return message.includes(`'${index.name}'`) || message.endsWith(columns)
}
