import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { urlFor } from '@adonisjs/core/services/url_builder'
import config from '@adonisjs/core/services/config'
import { productListFiltersValidator } from '#validators/console_product'
import { MAX_TAKEDOWN_REASON, takedownValidator, updateProductValidator } from '#validators/product'
import { ProductService } from '#services/catalog/product_service'
import {
  PRODUCT_AVAILABILITIES,
  ProductDirectoryService,
  type ProductAvailability,
} from '#services/admin/product_directory_service'
import { consolePageToReturnTo } from '#support/console_errors'
import ProductPolicy from '#policies/product_policy'
import { listPage, pageSlice } from '#controllers/admin/console_pages'
import { CatalogOverviewService } from '#services/admin/catalog_overview_service'
import AdminActionPolicy from '#policies/admin_action_policy'
import { activityRows } from '#controllers/admin/activity_entries'
import { storeTimezone } from '#support/store_time'
import { MAX_PRODUCT_IMAGES } from '#services/catalog/product_image_service'

/** How the status filter names each status. */
const STATUS_LABELS: Record<ProductAvailability, string> = {
  active: 'Active',
  inactive: 'Inactive',
  taken_down: 'Taken down',
}

/**
 * Console: every shop's products by shop, status and stock; take one down or restore it; edit
 * one through the seller's own services (its variants and images: `ProductVariantsController`,
 * `ProductImagesController`).
 */
@inject()
export default class ProductsController {
  constructor(
    protected products: ProductService,
    protected directory: ProductDirectoryService,
    protected overviews: CatalogOverviewService
  ) {}

  /** A page of products, optionally of one shop, one status, or at most some stock. */
  async index({ bouncer, request, view }: HttpContext) {
    await bouncer.with(ProductPolicy).authorize('viewAny')
    const filters = await request.validateUsing(productListFiltersValidator, { data: request.qs() })
    const page = filters.page ?? 1
    const { items, total } = await this.directory.list(
      { q: filters.q, shopId: filters.shop, status: filters.status, stockAtMost: filters.stock },
      pageSlice(page)
    )
    return view.render('pages/admin/products/index', {
      section: 'products',
      products: listPage(items, total, page, urlFor('console.products.index'), filters),
      filters,
      shops: await this.directory.shops(),
      statuses: PRODUCT_AVAILABILITIES,
      statusLabels: STATUS_LABELS,
      currency: config.get<string>('store.currency', 'USD'),
    })
  }

  /** One product: its facts, its state, and (for Super Admins) its history in the audit trail. */
  async show({ bouncer, params, view }: HttpContext) {
    await bouncer.with(ProductPolicy).authorize('viewAny')
    const withActivity = await bouncer.with(AdminActionPolicy).allows('viewAny')
    const overview = await this.overviews.product(params.id, { withActivity })
    const timezone = storeTimezone()
    const currency = config.get<string>('store.currency', 'USD')
    return view.render('pages/admin/products/show', {
      section: 'products',
      ...overview,
      activity: overview.activity && activityRows(overview.activity, { timezone, currency }),
      timezone,
      currency,
    })
  }

  /** The edit page: the product's form, its variants, a new variant's form and its images. */
  async edit({ bouncer, params, view }: HttpContext) {
    await bouncer.with(ProductPolicy).authorize('edit')
    const { product, categories, images } = await this.overviews.productEdit(params.id)
    return view.render('pages/admin/products/edit', {
      section: 'products',
      product,
      defaultVariant: product.options.length === 0 ? product.$extras.variants[0] : null,
      categories,
      images,
      maxImages: MAX_PRODUCT_IMAGES,
      currency: config.get<string>('store.currency', 'USD'),
    })
  }

  /** Saves the product's form, as its seller's edit does; the audit trail records the change. */
  async update({ actor, bouncer, params, request, response, session }: HttpContext) {
    await bouncer.with(ProductPolicy).authorize('edit')
    const { price, ...fields } = await request.validateUsing(updateProductValidator, {
      meta: { form: true },
    })
    const product = await this.products.update(actor, params.id, { ...fields, priceCents: price })
    session.flash('success', `${product.name} is saved.`)
    return response.redirect().toRoute('console.products.edit', { id: product.id })
  }

  /** Asks for the reason before taking a product down. */
  async confirmTakeDown({ bouncer, params, view }: HttpContext) {
    await bouncer.with(ProductPolicy).authorize('takeDown')
    return view.render('pages/admin/products/take_down', {
      section: 'products',
      product: await this.directory.find(params.id),
      maxReason: MAX_TAKEDOWN_REASON,
    })
  }

  /** Takes a product off sale until an administrator restores it; its seller cannot undo it. */
  async takeDown({ actor, bouncer, params, request, response, session }: HttpContext) {
    await bouncer.with(ProductPolicy).authorize('takeDown')
    const { reason } = await request.validateUsing(takedownValidator, { meta: { form: true } })
    const product = await this.products.takeDown(actor, params.id, reason)
    session.flash('success', `${product.name} is taken down: it left the catalog.`)
    return response.redirect().toRoute('console.products.index')
  }

  /** Lifts a takedown: back on sale if its seller's switch is on and its shop is selling. */
  async restore({ actor, bouncer, params, request, response, session }: HttpContext) {
    await bouncer.with(ProductPolicy).authorize('restore')
    const product = await this.products.restore(actor, params.id)
    const stillOff = product.isActive ? '' : ' Its seller has it inactive: it stays off sale.'
    session.flash('success', `${product.name} is restored.${stillOff}`)
    return response.redirect(consolePageToReturnTo(request.header('referer')))
  }
}
