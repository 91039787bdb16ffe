import type { HttpContext } from '@adonisjs/core/http'
import { CatalogService } from '#services/catalog/catalog_service'
import { catalogListValidator } from '#validators/product'
import { pageRequest } from '#validators/pagination'
import { productJson } from '#transformers/product_transformer'
import { page } from '#transformers/page'

/** The public catalog: `/api/v1/products`, no token needed. */
export default class ProductsController {
  #catalog = new CatalogService()

  /** Searches and lists products on sale. */
  async index({ request }: HttpContext) {
    const query = await request.validateUsing(catalogListValidator, { data: request.qs() })
    const slice = pageRequest(query)
    const result = await this.#catalog.list(
      { q: query.q, shopId: query.shopId, sort: query.sort },
      slice
    )
    return page(result.items.map(productJson), result.total, slice.limit, slice.offset)
  }

  /** Shows one product on sale. */
  async show({ params }: HttpContext) {
    return productJson(await this.#catalog.show(params.id))
  }
}
