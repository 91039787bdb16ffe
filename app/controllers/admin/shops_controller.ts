import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { shopListFiltersValidator } from '#validators/console_shop'
import { ShopService } from '#services/catalog/shop_service'
import { ShopDirectoryService } from '#services/admin/shop_directory_service'
import { SHOP_STATUSES } from '#enums/shop_status'
import { consolePageToReturnTo } from '#support/console_errors'
import ShopPolicy from '#policies/shop_policy'
import { listPage, pageSlice } from '#controllers/admin/console_pages'
import { CatalogOverviewService } from '#services/admin/catalog_overview_service'
import AdminActionPolicy from '#policies/admin_action_policy'
import { activityRows } from '#controllers/admin/activity_entries'
import { storeTimezone } from '#support/store_time'
import config from '@adonisjs/core/services/config'

/** Console: shops by status and each shop's page; approve or suspend them. */
@inject()
export default class ShopsController {
  constructor(
    protected shops: ShopService,
    protected directory: ShopDirectoryService,
    protected overviews: CatalogOverviewService
  ) {}

  /** A page of shops, optionally of one status. */
  async index({ bouncer, request, view }: HttpContext) {
    await bouncer.with(ShopPolicy).authorize('viewAny')
    const filters = await request.validateUsing(shopListFiltersValidator, { data: request.qs() })
    const page = filters.page ?? 1
    const { rows, total } = await this.directory.list({ status: filters.status }, pageSlice(page))
    return view.render('pages/admin/shops/index', {
      section: 'shops',
      shops: listPage(rows, total, page, urlFor('console.shops.index'), filters),
      filters,
      statuses: SHOP_STATUSES,
    })
  }

  /** One shop: its facts, its products, and (for Super Admins) its history in the audit trail. */
  async show({ bouncer, params, view }: HttpContext) {
    await bouncer.with(ShopPolicy).authorize('viewAny')
    const withActivity = await bouncer.with(AdminActionPolicy).allows('viewAny')
    const overview = await this.overviews.shop(params.id, { withActivity })
    const timezone = storeTimezone()
    return view.render('pages/admin/shops/show', {
      section: 'shops',
      ...overview,
      activity:
        overview.activity &&
        activityRows(overview.activity, {
          timezone,
          currency: config.get<string>('store.currency'),
        }),
      timezone,
    })
  }

  /** Asks before suspending a shop. */
  async confirmSuspend({ bouncer, params, view }: HttpContext) {
    await bouncer.with(ShopPolicy).authorize('suspend')
    const overview = await this.overviews.shop(params.id)
    return view.render('pages/admin/shops/suspend', { section: 'shops', ...overview })
  }

  /** Approves a shop: its products go on sale. */
  async approve({ actor, bouncer, params, request, response, session }: HttpContext) {
    await bouncer.with(ShopPolicy).authorize('approve')
    const shop = await this.shops.approve(actor, params.id)
    session.flash('success', `${shop.name} is approved: its products are on sale.`)
    return response.redirect(consolePageToReturnTo(request.header('referer')))
  }

  /** Suspends a shop: its products leave the catalog. */
  async suspend({ actor, bouncer, params, response, session }: HttpContext) {
    await bouncer.with(ShopPolicy).authorize('suspend')
    const shop = await this.shops.suspend(actor, params.id)
    session.flash('success', `${shop.name} is suspended: its products are off sale.`)
    return response.redirect().toRoute('console.shops.show', { id: shop.id })
  }
}
