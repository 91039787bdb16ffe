import type ShippingMethod from '#models/shipping_method'
import ApiTransformer from '#transformers/api_transformer'

/** A shipping method; the price becomes a decimal amount. */
export default class ShippingMethodTransformer extends ApiTransformer<ShippingMethod> {
  toObject() {
    const method = this.resource
    return {
      id: method.id,
      name: method.name,
      description: method.description,
      price: this.amount(method.priceCents),
      estimatedDays: method.estimatedDays,
      isActive: method.isActive,
    }
  }
}

/** A shipping method as the API shows it, for the console's pages. */
export function shippingMethodResource(method: ShippingMethod) {
  return new ShippingMethodTransformer(method).toObject()
}
