/**
 * The row count of an UPDATE. Lucid types it as an array, but both drivers (pg, better-sqlite3)
 * return a plain number; `Number` reads either.
 */
export function affectedRows(result: unknown): number {
  return Number(result)
}
