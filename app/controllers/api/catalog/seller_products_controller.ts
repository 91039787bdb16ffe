import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { ProductService } from '#services/catalog/product_service'
import {
  createProductValidator,
  sellerProductListValidator,
  updateProductValidator,
} from '#validators/product'
import { pageRequest } from '#validators/pagination'
import ProductTransformer from '#transformers/product_transformer'
import { serialize } from '#http/serialize'
import { page } from '#http/page'
import ProductPolicy from '#policies/product_policy'

/**
 * A seller's products across its shops: `/api/v1/seller/products`. Each shows whether an
 * administrator took it down, which only an administrator lifts.
 */
@inject()
export default class SellerProductsController {
  constructor(protected products: ProductService) {}

  /** Lists the seller's products, optionally of one of its shops. */
  async index({ actor, bouncer, request }: HttpContext) {
    await bouncer.with(ProductPolicy).authorize('viewOwn')
    const query = await request.validateUsing(sellerProductListValidator, { data: request.qs() })
    const slice = pageRequest(query)
    const result = await this.products.list(actor, { shopId: query.shopId }, slice)
    return page(
      ProductTransformer.transform(result.items).useVariant('forSeller'),
      result.total,
      slice
    )
  }

  /** Shows one of the seller's products, active or not, with an administrator's takedown. */
  async show({ actor, bouncer, params }: HttpContext) {
    await bouncer.with(ProductPolicy).authorize('viewOwn')
    const product = await this.products.find(actor, params.id)
    return serialize(ProductTransformer.transform(product).useVariant('forSeller'))
  }

  /** Adds a product to one of the seller's shops. */
  async store({ actor, bouncer, request, response }: HttpContext) {
    await bouncer.with(ProductPolicy).authorize('create')
    const { price, variants, ...fields } = await request.validateUsing(createProductValidator, {
      data: request.body(),
    })
    const product = await this.products.create(actor, {
      ...fields,
      priceCents: price,
      variants: variants?.map(({ price: variantPrice, ...variant }) => ({
        ...variant,
        priceCents: variantPrice,
      })),
    })
    return response.created(
      await serialize(ProductTransformer.transform(product).useVariant('forSeller'))
    )
  }

  /** Changes some fields of one of the seller's products. */
  async update({ actor, bouncer, params, request }: HttpContext) {
    await bouncer.with(ProductPolicy).authorize('update')
    const { price, ...fields } = await request.validateUsing(updateProductValidator, {
      data: request.body(),
    })
    const product = await this.products.update(actor, params.id, {
      ...fields,
      priceCents: price,
    })
    return serialize(ProductTransformer.transform(product).useVariant('forSeller'))
  }

  /** Soft-deletes one of the seller's products. */
  async destroy({ actor, bouncer, params }: HttpContext) {
    await bouncer.with(ProductPolicy).authorize('delete')
    await this.products.delete(actor, params.id)
    return { id: params.id as string, deleted: true }
  }
}
