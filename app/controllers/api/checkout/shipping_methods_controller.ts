import type { HttpContext } from '@adonisjs/core/http'
import { ShippingMethodService } from '#services/checkout/shipping_method_service'
import { shippingMethodListValidator } from '#validators/shipping_method'
import { pageRequest } from '#validators/pagination'
import { shippingMethodJson } from '#transformers/shipping_method_transformer'
import { page } from '#transformers/page'

/** The shipping options a customer may choose: `/api/v1/checkout/shipping-method`. */
export default class ShippingMethodsController {
  /** Lists the active methods, cheapest first. */
  async index({ bouncer, request }: HttpContext) {
    await bouncer.authorize('buy')
    const query = await request.validateUsing(shippingMethodListValidator, { data: request.qs() })
    const slice = pageRequest(query)
    const result = await new ShippingMethodService().listOffered(slice)
    return page(result.items.map(shippingMethodJson), result.total, slice.limit, slice.offset)
  }
}
