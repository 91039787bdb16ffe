/** True when a database error is a unique-constraint violation (PostgreSQL or SQLite). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code
  return (
    code === '23505' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  )
}

/** True when a database error is a CHECK-constraint violation (PostgreSQL or SQLite). */
export function isCheckViolation(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code
  return code === '23514' || code === 'SQLITE_CONSTRAINT_CHECK'
}
