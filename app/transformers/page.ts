/** The page shape of every `/api/v1` list. */
export interface Page<T> {
  items: T[]
  total: number
  limit: number
  offset: number
}

/** Wraps already-transformed items with their paging numbers. */
export function page<T>(items: T[], total: number, limit: number, offset: number): Page<T> {
  return { items, total, limit, offset }
}
