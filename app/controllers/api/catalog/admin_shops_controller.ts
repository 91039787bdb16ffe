import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { ShopService } from '#services/catalog/shop_service'
import { adminShopListValidator } from '#validators/shop'
import { pageRequest } from '#validators/pagination'
import ShopTransformer from '#transformers/shop_transformer'
import { serialize } from '#http/serialize'
import { page } from '#http/page'
import ShopPolicy from '#policies/shop_policy'

/** Shop moderation: `/api/v1/admin/shops`. */
@inject()
export default class AdminShopsController {
  constructor(protected shops: ShopService) {}

  /** Lists every shop, optionally of one status. */
  async index({ bouncer, request }: HttpContext) {
    await bouncer.with(ShopPolicy).authorize('viewAny')
    const query = await request.validateUsing(adminShopListValidator, { data: request.qs() })
    const slice = pageRequest(query)
    const result = await this.shops.listAll({ status: query.status }, slice)
    return page(ShopTransformer.transform(result.items), result.total, slice)
  }

  /** Approves a shop: its products go on sale. */
  async approve({ actor, bouncer, params }: HttpContext) {
    await bouncer.with(ShopPolicy).authorize('approve')
    return serialize(ShopTransformer.transform(await this.shops.approve(actor, params.id)))
  }

  /** Suspends a shop: its products leave the catalog. */
  async suspend({ actor, bouncer, params }: HttpContext) {
    await bouncer.with(ShopPolicy).authorize('suspend')
    return serialize(ShopTransformer.transform(await this.shops.suspend(actor, params.id)))
  }
}
