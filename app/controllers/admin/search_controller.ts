import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { consoleSearchValidator, MAX_SEARCH_LENGTH } from '#validators/console_search'
import {
  ConsoleSearchService,
  SEARCH_KINDS,
  type SearchHit,
  type SearchKind,
} from '#services/admin/console_search_service'
import OrderPolicy from '#policies/order_policy'
import UserPolicy from '#policies/user_policy'
import ProductPolicy from '#policies/product_policy'
import CouponPolicy from '#policies/coupon_policy'
import ShopPolicy from '#policies/shop_policy'

/** The console page that opens a record found. */
function pageOf(hit: SearchHit): string {
  const params = { id: hit.id }
  switch (hit.kind) {
    case 'order':
      return urlFor('console.orders.show', params)
    case 'user':
      return urlFor('console.users.show', params)
    case 'product':
      return urlFor('console.products.show', params)
    case 'coupon':
      return urlFor('console.coupons.edit', params)
    case 'shop':
      return urlFor('console.shops.show', params)
  }
}

/** How the results page names each kind. */
const KIND_LABELS: Record<SearchKind, string> = {
  order: 'Order',
  user: 'Account',
  product: 'Product',
  coupon: 'Coupon',
  shop: 'Shop',
}

/** Console: the header's search, across the records the reader may list. */
@inject()
export default class SearchController {
  constructor(protected search: ConsoleSearchService) {}

  /**
   * One exact match (an order number, an e-mail, a SKU or name, a coupon code, a shop name) opens
   * its page; otherwise the matches are listed, or the page says there are none.
   */
  async index({ bouncer, request, response, view }: HttpContext) {
    const { q = '' } = await request.validateUsing(consoleSearchValidator, { data: request.qs() })
    const mayList: Record<SearchKind, Promise<boolean>> = {
      order: bouncer.with(OrderPolicy).allows('viewAny'),
      user: bouncer.with(UserPolicy).allows('viewAny'),
      product: bouncer.with(ProductPolicy).allows('viewAny'),
      coupon: bouncer.with(CouponPolicy).allows('viewAny'),
      shop: bouncer.with(ShopPolicy).allows('viewAny'),
    }
    const allowed = await Promise.all(SEARCH_KINDS.map((kind) => mayList[kind]))
    const kinds = SEARCH_KINDS.filter((_, index) => allowed[index])
    const outcome = q ? await this.search.find(q, kinds) : { hits: [], exact: [] }
    if (outcome.exact.length === 1) return response.redirect(pageOf(outcome.exact[0]))
    return view.render('pages/admin/search/index', {
      q,
      hits: outcome.hits.map((hit) => ({
        ...hit,
        url: pageOf(hit),
        kindLabel: KIND_LABELS[hit.kind],
      })),
      maxLength: MAX_SEARCH_LENGTH,
    })
  }
}
