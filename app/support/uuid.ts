/** The shape of every id we store; anything else names no row and must not reach a uuid column. */
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * Whether `value` can be an id. PostgreSQL rejects a lookup of anything else in a uuid column with
 * an error (a 500), so a service that takes an id from a path or a token checks it first and
 * answers "not found" instead.
 */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID_PATTERN.test(value)
}
