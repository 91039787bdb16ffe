import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { ShippingMethodService } from '#services/checkout/shipping_method_service'
import {
  createShippingMethodValidator,
  shippingMethodListValidator,
  updateShippingMethodValidator,
} from '#validators/shipping_method'
import { pageRequest } from '#validators/pagination'
import ShippingMethodTransformer from '#transformers/shipping_method_transformer'
import { serialize } from '#http/serialize'
import { page } from '#http/page'
import ShippingMethodPolicy from '#policies/shipping_method_policy'

/** Shipping-method management: `/api/v1/admin/shipping-methods`. */
@inject()
export default class AdminShippingMethodsController {
  constructor(protected methods: ShippingMethodService) {}

  /** Lists every method not deleted, active or not. */
  async index({ bouncer, request }: HttpContext) {
    await bouncer.with(ShippingMethodPolicy).authorize('viewAny')
    const query = await request.validateUsing(shippingMethodListValidator, { data: request.qs() })
    const slice = pageRequest(query)
    const result = await this.methods.listAll(slice)
    return page(ShippingMethodTransformer.transform(result.items), result.total, slice)
  }

  /** Creates a method. */
  async store({ actor, bouncer, request, response }: HttpContext) {
    await bouncer.with(ShippingMethodPolicy).authorize('create')
    const { price, ...input } = await request.validateUsing(createShippingMethodValidator, {
      data: request.body(),
    })
    const method = await this.methods.create(actor, {
      ...input,
      priceCents: price,
    })
    return response.created(await serialize(ShippingMethodTransformer.transform(method)))
  }

  /** Changes some fields of a method (`isActive: false` deactivates it). */
  async update({ actor, bouncer, params, request }: HttpContext) {
    await bouncer.with(ShippingMethodPolicy).authorize('update')
    const { price, ...input } = await request.validateUsing(updateShippingMethodValidator, {
      data: request.body(),
    })
    const method = await this.methods.update(actor, params.id, {
      ...input,
      priceCents: price,
    })
    return serialize(ShippingMethodTransformer.transform(method))
  }

  /** Soft-deletes a method: it leaves every list; placed orders keep their copy of it. */
  async destroy({ actor, bouncer, params }: HttpContext) {
    await bouncer.with(ShippingMethodPolicy).authorize('delete')
    await this.methods.delete(actor, params.id)
    return { id: params.id, deleted: true }
  }
}
