import type { HttpContext } from '@adonisjs/core/http'
import { ShopService } from '#services/catalog/shop_service'
import { adminShopListValidator } from '#validators/shop'
import { pageRequest } from '#validators/pagination'
import { shopJson } from '#transformers/shop_transformer'
import { page } from '#transformers/page'

/** Shop moderation: `/api/v1/admin/shops`. */
export default class AdminShopsController {
  #shops = new ShopService()

  /** Lists every shop, optionally of one status. */
  async index({ bouncer, request }: HttpContext) {
    await bouncer.authorize('administer')
    const query = await request.validateUsing(adminShopListValidator, { data: request.qs() })
    const slice = pageRequest(query)
    const result = await this.#shops.listAll({ status: query.status }, slice)
    return page(result.items.map(shopJson), result.total, slice.limit, slice.offset)
  }

  /** Approves a shop: its products go on sale. */
  async approve({ auth, bouncer, params }: HttpContext) {
    await bouncer.authorize('administer')
    return shopJson(await this.#shops.approve(auth.getUserOrFail(), params.id))
  }

  /** Suspends a shop: its products leave the catalog. */
  async suspend({ auth, bouncer, params }: HttpContext) {
    await bouncer.authorize('administer')
    return shopJson(await this.#shops.suspend(auth.getUserOrFail(), params.id))
  }
}
