import type { LucidModel, ModelQueryBuilderContract } from '@adonisjs/lucid/types/model'

/** A slice of a list, already validated (limit 1..100, offset ≥ 0). */
export interface PageRequest {
  limit: number
  offset: number
}

/** One page of rows with the number of rows the filter matches. */
export interface PageResult<T> {
  items: T[]
  total: number
}

/**
 * Runs a filtered query twice: once counted, once sliced. `order` is applied only to the slice,
 * since PostgreSQL refuses an ORDER BY beside a bare aggregate.
 */
export async function pageOf<Model extends LucidModel>(
  query: ModelQueryBuilderContract<Model>,
  page: PageRequest,
  order: (query: ModelQueryBuilderContract<Model>) => void
): Promise<PageResult<InstanceType<Model>>> {
  const [counted] = await query.clone().count('* as total').pojo<{ total: number | string }>()
  order(query)
  const items = await query.limit(page.limit).offset(page.offset)
  return { items, total: Number(counted?.total ?? 0) }
}
