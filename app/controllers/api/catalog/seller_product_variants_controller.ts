import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { ProductService } from '#services/catalog/product_service'
import { ProductVariantService } from '#services/catalog/product_variant_service'
import { createVariantValidator, updateVariantValidator } from '#validators/product'
import ProductTransformer from '#transformers/product_transformer'
import { serialize } from '#http/serialize'
import ProductPolicy from '#policies/product_policy'

/**
 * The variants of a seller's product with options: `/api/v1/seller/products/{id}/variants`. Each
 * answers the whole product as its seller sees it.
 */
@inject()
export default class SellerProductVariantsController {
  constructor(
    protected products: ProductService,
    protected variants: ProductVariantService
  ) {}

  /** Adds a variant: one value of each option, its own SKU, price and stock. */
  async store({ actor, bouncer, params, request, response }: HttpContext) {
    await bouncer.with(ProductPolicy).authorize('update')
    const { price, ...fields } = await request.validateUsing(createVariantValidator, {
      data: request.body(),
    })
    await this.variants.add(actor, params.id, { ...fields, priceCents: price })
    return response.created(await this.#product(actor, params.id))
  }

  /** Changes some fields of a variant. */
  async update({ actor, bouncer, params, request }: HttpContext) {
    await bouncer.with(ProductPolicy).authorize('update')
    const { price, ...fields } = await request.validateUsing(updateVariantValidator, {
      data: request.body(),
    })
    await this.variants.update(actor, params.id, params.variantId, {
      ...fields,
      priceCents: price,
    })
    return this.#product(actor, params.id)
  }

  /** Deletes a variant; a product keeps at least one. */
  async destroy({ actor, bouncer, params }: HttpContext) {
    await bouncer.with(ProductPolicy).authorize('update')
    await this.variants.delete(actor, params.id, params.variantId)
    return this.#product(actor, params.id)
  }

  async #product(actor: HttpContext['actor'], productId: string) {
    const product = await this.products.find(actor, productId)
    return serialize(ProductTransformer.transform(product).useVariant('forSeller'))
  }
}
