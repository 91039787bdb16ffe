import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { urlFor } from '@adonisjs/core/services/url_builder'
import config from '@adonisjs/core/services/config'
import { acting } from '#controllers/acting'
import { productListFiltersValidator } from '#validators/console_product'
import { ProductService } from '#services/catalog/product_service'
import {
  PRODUCT_AVAILABILITIES,
  ProductDirectoryService,
} from '#services/admin/product_directory_service'
import { consolePageToReturnTo } from '#support/console_errors'
import { filterInput } from '#support/form_input'
import ProductPolicy from '#policies/product_policy'
import { listPage, pageSlice } from '#controllers/admin/console_pages'

/** Console: every shop's products by shop, status and stock; take one off sale or put it back. */
@inject()
export default class ProductsController {
  constructor(
    protected products: ProductService,
    protected directory: ProductDirectoryService
  ) {}

  /** A page of products, optionally of one shop, one status, or at most some stock. */
  async index({ bouncer, request, view }: HttpContext) {
    await bouncer.with(ProductPolicy).authorize('viewAny')
    const filters = await productListFiltersValidator.validate(filterInput(request.qs()))
    const page = filters.page ?? 1
    const { items, total } = await this.directory.list(
      { shopId: filters.shop, status: filters.status, stockAtMost: filters.stock },
      pageSlice(page)
    )
    return view.render('pages/admin/products/index', {
      section: 'products',
      products: listPage(items, total, page, urlFor('console.products'), filters),
      filters,
      shops: await this.directory.shops(),
      statuses: PRODUCT_AVAILABILITIES,
      currency: config.get<string>('store.currency', 'USD'),
    })
  }

  /** Takes a product off sale at once; activating undoes it, so nothing is asked. */
  async deactivate({ auth, bouncer, params, request, response, session }: HttpContext) {
    await bouncer.with(ProductPolicy).authorize('changeAvailability')
    const product = await this.products.setAvailability(acting({ auth, request }), params.id, false)
    session.flash('success', `${product.name} is deactivated: it left the catalog.`)
    return response.redirect(consolePageToReturnTo(request.header('referer')))
  }

  /** Puts a deactivated product back on sale (if its shop is selling). */
  async activate({ auth, bouncer, params, request, response, session }: HttpContext) {
    await bouncer.with(ProductPolicy).authorize('changeAvailability')
    const product = await this.products.setAvailability(acting({ auth, request }), params.id, true)
    session.flash('success', `${product.name} is active.`)
    return response.redirect(consolePageToReturnTo(request.header('referer')))
  }
}
