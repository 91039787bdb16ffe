import type ShippingAddress from '#models/shipping_address'
import ApiTransformer from '#transformers/api_transformer'

/** A saved address: the fields an order copies, plus `isDefault` and the timestamps. */
export default class ShippingAddressTransformer extends ApiTransformer<ShippingAddress> {
  toObject() {
    const address = this.resource
    return {
      id: address.id,
      fullName: address.fullName,
      phone: address.phone,
      line1: address.line1,
      line2: address.line2,
      city: address.city,
      state: address.state,
      postalCode: address.postalCode,
      country: address.country,
      isDefault: address.isDefault,
      createdAt: this.instant(address.createdAt),
      updatedAt: this.instant(address.updatedAt),
    }
  }
}
