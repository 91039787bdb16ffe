import { SimplePaginator } from '@adonisjs/lucid/database'
import { urlFor } from '@adonisjs/core/services/url_builder'
import type { LookupList } from '@adonisjs/core/types/http'
import type { PageRequest } from '#support/paging'

/*
| The URL builder's route names are typed by `node ace codegen` (.adonisjs/server/routes.d.ts),
| which the type check does not run: until it does, any name type-checks, and an unknown one
| throws at run time, which the console's tests would show on the page that names it.
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
 * named route `route` with the list's filters kept.
 */
export function listPage<Row>(
  rows: Row[],
  total: number,
  page: number,
  route: string,
  filters: Record<string, unknown>
): SimplePaginator {
  return new SimplePaginator(total, PAGE_SIZE, page, ...rows)
    .baseUrl(urlFor(route))
    .queryString(filters)
}
