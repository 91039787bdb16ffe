import type { Collection } from '@adonisjs/core/transformers'
import { serialize } from '#http/serialize'

/** The page shape of every `/api/v1` list. */
export interface Page<T> {
  items: T[]
  total: number
  limit: number
  offset: number
}

/** A slice of a list as the validators give it. */
export interface Slice {
  limit: number
  offset: number
}

/** Serializes one page of a transformed list with its paging numbers. */
export async function page<Items extends Collection<any, any, any>>(
  items: Items,
  total: number,
  slice: Slice
) {
  return { items: await serialize(items), total, limit: slice.limit, offset: slice.offset }
}
