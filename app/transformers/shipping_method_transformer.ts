import type ShippingMethod from '#models/shipping_method'
import { nullableString, uuid } from '#openapi/json_schema'
import ApiTransformer from '#transformers/api_transformer'
import { amountField, field, shapeOf } from '#transformers/shape'

/** A shipping method; the price becomes a decimal amount. */
export default class ShippingMethodTransformer extends ApiTransformer<ShippingMethod> {
  static readonly shape = shapeOf<ShippingMethod>()({
    id: field(uuid, 'id'),
    name: field({ type: 'string' }, 'name'),
    description: field(nullableString, 'description'),
    price: amountField('priceCents', 'Charged once per shop order'),
    estimatedDays: field({ type: 'integer', minimum: 0, maximum: 365 }, 'estimatedDays'),
    isActive: field({ type: 'boolean' }, 'isActive'),
  })

  toObject() {
    return ShippingMethodTransformer.shape.write(this.resource)
  }
}

/** A shipping method as the API shows it, for the console's pages. */
export function shippingMethodResource(method: ShippingMethod) {
  return ShippingMethodTransformer.shape.write(method)
}
