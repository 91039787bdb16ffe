import { SimplePaginator } from '@adonisjs/lucid/database'
import type { PageRequest } from '#support/paging'

/** Rows on one page of every console list. */
const PAGE_SIZE = 25

/** The slice of a list that page `page` shows. */
export function pageSlice(page: number): PageRequest {
  return { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE }
}

/**
 * One page of a console list as Lucid's paginator, whose links (`components/pager`) go to the
 * list's own URL (`urlFor` of its route) with its filters kept.
 */
export function listPage<Row>(
  rows: Row[],
  total: number,
  page: number,
  listUrl: string,
  filters: Record<string, unknown>
): SimplePaginator {
  return new SimplePaginator(total, PAGE_SIZE, page, ...rows).baseUrl(listUrl).queryString(filters)
}
