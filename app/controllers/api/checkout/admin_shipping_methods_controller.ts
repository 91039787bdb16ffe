import type { HttpContext } from '@adonisjs/core/http'
import { ShippingMethodService } from '#services/checkout/shipping_method_service'
import {
  createShippingMethodValidator,
  shippingMethodListValidator,
  updateShippingMethodValidator,
} from '#validators/shipping_method'
import { pageRequest } from '#validators/pagination'
import { shippingMethodJson } from '#transformers/shipping_method_transformer'
import { page } from '#transformers/page'

/** Shipping-method management: `/api/v1/admin/shipping-methods`. */
export default class AdminShippingMethodsController {
  #methods = new ShippingMethodService()

  /** Lists every method not deleted, active or not. */
  async index({ bouncer, request }: HttpContext) {
    await bouncer.authorize('administer')
    const query = await request.validateUsing(shippingMethodListValidator, { data: request.qs() })
    const slice = pageRequest(query)
    const result = await this.#methods.listAll(slice)
    return page(result.items.map(shippingMethodJson), result.total, slice.limit, slice.offset)
  }

  /** Creates a method. */
  async store({ bouncer, request, response }: HttpContext) {
    await bouncer.authorize('administer')
    const { price, ...input } = await request.validateUsing(createShippingMethodValidator, {
      data: request.body(),
    })
    const method = await this.#methods.create({ ...input, priceCents: price })
    return response.created(shippingMethodJson(method))
  }

  /** Changes some fields of a method (`isActive: false` deactivates it). */
  async update({ bouncer, params, request }: HttpContext) {
    await bouncer.authorize('administer')
    const { price, ...input } = await request.validateUsing(updateShippingMethodValidator, {
      data: request.body(),
    })
    return shippingMethodJson(
      await this.#methods.update(params.id, { ...input, priceCents: price })
    )
  }

  /** Deletes a method for good; placed orders keep their copy of its name and price. */
  async destroy({ bouncer, params }: HttpContext) {
    await bouncer.authorize('administer')
    await this.#methods.delete(params.id)
    return { id: params.id, deleted: true }
  }
}
