import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { CatalogService } from '#services/catalog/catalog_service'
import { catalogListValidator } from '#validators/product'
import { pageRequest } from '#validators/pagination'
import ProductTransformer from '#transformers/product_transformer'
import { page } from '#http/page'

/** The public catalog: `/api/v1/products`, no token needed. */
@inject()
export default class ProductsController {
  constructor(protected catalog: CatalogService) {}

  /** Searches and lists products on sale. */
  async index({ request }: HttpContext) {
    const query = await request.validateUsing(catalogListValidator, { data: request.qs() })
    const slice = pageRequest(query)
    const result = await this.catalog.list(
      {
        q: query.q,
        shopId: query.shopId,
        categoryId: query.categoryId,
        minPriceCents: query.minPrice,
        maxPriceCents: query.maxPrice,
        inStock: query.inStock,
        sort: query.sort,
      },
      slice
    )
    return page(ProductTransformer.transform(result.items), result.total, slice)
  }

  /** Shows one product on sale. */
  async show({ params }: HttpContext) {
    return ProductTransformer.fromRow(await this.catalog.show(params.id))
  }
}
