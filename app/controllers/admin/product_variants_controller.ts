import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import config from '@adonisjs/core/services/config'
import { createVariantValidator, updateVariantValidator } from '#validators/product'
import { ProductVariantService } from '#services/catalog/product_variant_service'
import { ProductDirectoryService } from '#services/admin/product_directory_service'
import ProductPolicy from '#policies/product_policy'

/**
 * Console: the variants of any shop's product, from its edit page, through the seller's own
 * service (docs/api/console.md, "Products"); the audit trail records each change.
 */
@inject()
export default class ProductVariantsController {
  constructor(
    protected variants: ProductVariantService,
    protected directory: ProductDirectoryService
  ) {}

  /** Adds a variant: one value of each option, its SKU, price and stock. */
  async store({ actor, bouncer, params, request, response, session }: HttpContext) {
    await bouncer.with(ProductPolicy).authorize('edit')
    const { price, ...fields } = await request.validateUsing(createVariantValidator, {
      meta: { form: true },
    })
    const variant = await this.variants.add(actor, params.id, { ...fields, priceCents: price })
    session.flash('success', `Variant ${variant.sku} is added.`)
    return response.redirect().toRoute('console.products.edit', { id: params.id })
  }

  /** Saves a variant's price, stock and switch. */
  async update({ actor, bouncer, params, request, response, session }: HttpContext) {
    await bouncer.with(ProductPolicy).authorize('edit')
    const { price, ...fields } = await request.validateUsing(updateVariantValidator, {
      meta: { form: true },
    })
    const variant = await this.variants.update(actor, params.id, params.variantId, {
      ...fields,
      priceCents: price,
    })
    session.flash('success', `Variant ${variant.sku} is saved.`)
    return response.redirect().toRoute('console.products.edit', { id: params.id })
  }

  /** Asks before deleting a variant; the last one cannot be. */
  async confirmDestroy({ bouncer, params, view }: HttpContext) {
    await bouncer.with(ProductPolicy).authorize('edit')
    return view.render('pages/admin/products/delete_variant', {
      section: 'products',
      ...(await this.directory.variantOf(params.id, params.variantId)),
      currency: config.get<string>('store.currency', 'USD'),
    })
  }

  /** Deletes a variant softly, as its seller does: order lines keep it. */
  async destroy({ actor, bouncer, params, response, session }: HttpContext) {
    await bouncer.with(ProductPolicy).authorize('edit')
    await this.variants.delete(actor, params.id, params.variantId)
    session.flash('success', 'The variant is deleted.')
    return response.redirect().toRoute('console.products.edit', { id: params.id })
  }
}
