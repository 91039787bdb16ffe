import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { ShopService } from '#services/catalog/shop_service'
import { publicShopListValidator } from '#validators/shop'
import { pageRequest } from '#validators/pagination'
import ShopTransformer from '#transformers/shop_transformer'
import { serialize } from '#http/serialize'
import { page } from '#http/page'

/** The shops a storefront shows: `/api/v1/shops`, no token needed. */
@inject()
export default class ShopsController {
  constructor(protected shops: ShopService) {}

  /** Lists the approved shops by name. */
  async index({ request }: HttpContext) {
    const query = await request.validateUsing(publicShopListValidator, { data: request.qs() })
    const slice = pageRequest(query)
    const result = await this.shops.listSelling(slice)
    return page(
      ShopTransformer.transform(result.items).useVariant('forPublic'),
      result.total,
      slice
    )
  }

  /** One approved shop. */
  async show({ params }: HttpContext) {
    const shop = await this.shops.showSelling(params.id)
    return serialize(ShopTransformer.transform(shop).useVariant('forPublic'))
  }
}
