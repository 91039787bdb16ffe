import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { ShopService } from '#services/catalog/shop_service'
import { createShopValidator, sellerShopListValidator, updateShopValidator } from '#validators/shop'
import { pageRequest } from '#validators/pagination'
import ShopTransformer from '#transformers/shop_transformer'
import { serialize } from '#http/serialize'
import { page } from '#http/page'
import ShopPolicy from '#policies/shop_policy'

/** A seller's own shops: `/api/v1/seller/shops`. */
@inject()
export default class SellerShopsController {
  constructor(protected shops: ShopService) {}

  /** Lists the seller's shops, newest first. */
  async index({ actor, bouncer, request }: HttpContext) {
    await bouncer.with(ShopPolicy).authorize('viewOwn')
    const query = await request.validateUsing(sellerShopListValidator, { data: request.qs() })
    const slice = pageRequest(query)
    const result = await this.shops.listForSeller(actor, slice)
    return page(ShopTransformer.transform(result.items), result.total, slice)
  }

  /** Opens a shop, PENDING until an admin approves it. */
  async store({ actor, bouncer, request, response }: HttpContext) {
    await bouncer.with(ShopPolicy).authorize('create')
    const input = await request.validateUsing(createShopValidator, { data: request.body() })
    const shop = await this.shops.create(actor, input)
    return response.created(await serialize(ShopTransformer.transform(shop)))
  }

  /** Edits the seller's own shop. */
  async update({ actor, bouncer, params, request }: HttpContext) {
    await bouncer.with(ShopPolicy).authorize('update')
    const input = await request.validateUsing(updateShopValidator, { data: request.body() })
    const shop = await this.shops.update(actor, params.id, input)
    return serialize(ShopTransformer.transform(shop))
  }
}
