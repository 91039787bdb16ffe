import { SimplePaginator } from '@adonisjs/lucid/database'
import type { LookupList } from '@adonisjs/core/types/http'
import type { PageRequest } from '#support/paging'

/*
| The URL builder's route names are typed by the generated .adonisjs/server/routes.d.ts, which a
| clean checkout lacks (the type check runs before anything generates it). Without it any name
| type-checks here; with it (after a dev server or test run) names are checked for real. Either
| way an unknown name throws at run time, on the page the console's tests render.
*/
declare module '@adonisjs/core/types/http' {
  interface RoutesList extends LookupList {}
}

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
