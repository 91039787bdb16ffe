import type ShippingMethod from '#models/shipping_method'
import { nullableString, uuid } from '#openapi/json_schema'
import ApiTransformer from '#transformers/api_transformer'
import { amountField, field, shapeOf } from '#transformers/shape'

/** A shipping method; the price becomes a decimal amount. */
export default class ShippingMethodTransformer extends ApiTransformer<ShippingMethod> {
  static readonly shape = shapeOf<ShippingMethod>()({
    id: field(uuid, (method) => method.id),
    name: field({ type: 'string' }, (method) => method.name),
    description: field(nullableString, (method) => method.description),
    price: amountField((method) => method.priceCents, 'Charged once per shop order'),
    estimatedDays: field(
      { type: 'integer', minimum: 0, maximum: 365 },
      (method) => method.estimatedDays
    ),
    isActive: field({ type: 'boolean' }, (method) => method.isActive),
  })

  toObject() {
    return ShippingMethodTransformer.shape.write(this.resource)
  }
}

/** A shipping method as the API shows it, for the console's pages. */
export function shippingMethodResource(method: ShippingMethod) {
  return ShippingMethodTransformer.shape.write(method)
}
