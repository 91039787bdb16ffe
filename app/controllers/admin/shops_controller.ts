import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { shopListFiltersValidator } from '#validators/console_shop'
import { ShopService } from '#services/catalog/shop_service'
import { ShopDirectoryService } from '#services/admin/shop_directory_service'
import { SHOP_STATUSES } from '#enums/shop_status'
import { consolePageToReturnTo } from '#support/console_errors'
import { filterInput } from '#support/form_input'
import ShopPolicy from '#policies/shop_policy'

const PAGE_SIZE = 25

/** Console: shops by status; approve or suspend them. */
@inject()
export default class ShopsController {
  constructor(protected shopDirectory: ShopDirectoryService) {}

  /** A page of shops, optionally of one status. */
  async index({ bouncer, request, view }: HttpContext) {
    await bouncer.with(ShopPolicy).authorize('viewAny')
    const filters = await shopListFiltersValidator.validate(filterInput(request.qs()))
    const page = filters.page ?? 1
    const { rows, total } = await this.shopDirectory.list(
      { status: filters.status },
      { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE }
    )
    return view.render('pages/admin/shops/index', {
      section: 'shops',
      rows,
      filters,
      page,
      pages: Math.max(1, Math.ceil(total / PAGE_SIZE)),
      total,
      statuses: SHOP_STATUSES,
    })
  }

  /** Approves a shop: its products go on sale. */
  async approve({ bouncer, params, request, response, session, auth }: HttpContext) {
    await bouncer.with(ShopPolicy).authorize('approve')
    const shop = await new ShopService().approve(auth.getUserOrFail(), params.id)
    session.flash('success', `${shop.name} is approved: its products are on sale.`)
    return response.redirect(consolePageToReturnTo(request.header('referer')))
  }

  /** Suspends a shop: its products leave the catalog. */
  async suspend({ bouncer, params, request, response, session, auth }: HttpContext) {
    await bouncer.with(ShopPolicy).authorize('suspend')
    const shop = await new ShopService().suspend(auth.getUserOrFail(), params.id)
    session.flash('success', `${shop.name} is suspended: its products are off sale.`)
    return response.redirect(consolePageToReturnTo(request.header('referer')))
  }
}
