import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { ShippingMethodService } from '#services/checkout/shipping_method_service'
import { shippingMethodListValidator } from '#validators/shipping_method'
import { pageRequest } from '#validators/pagination'
import ShippingMethodTransformer from '#transformers/shipping_method_transformer'
import { page } from '#http/page'
import ShippingMethodPolicy from '#policies/shipping_method_policy'

/** The shipping options a customer may choose: `/api/v1/checkout/shipping-method`. */
@inject()
export default class ShippingMethodsController {
  constructor(protected methods: ShippingMethodService) {}

  /** Lists the active methods, cheapest first. */
  async index({ bouncer, request }: HttpContext) {
    await bouncer.with(ShippingMethodPolicy).authorize('viewActive')
    const query = await request.validateUsing(shippingMethodListValidator, { data: request.qs() })
    const slice = pageRequest(query)
    const result = await this.methods.listOffered(slice)
    return page(ShippingMethodTransformer.transform(result.items), result.total, slice)
  }
}
