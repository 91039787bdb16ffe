import type { Collection } from '@adonisjs/core/transformers'
import { serialize } from '#http/serialize'

/** A slice of a list as the validators give it. */
export interface Slice {
  limit: number
  offset: number
}

/** One page of a transformed list, in the shape of every `/api/v1` list. */
export async function page<Items extends Collection<any, any, any>>(
  items: Items,
  total: number,
  slice: Slice
) {
  return { items: await serialize(items), total, limit: slice.limit, offset: slice.offset }
}
