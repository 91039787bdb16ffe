import type ShippingAddress from '#models/shipping_address'
import ApiTransformer from '#transformers/api_transformer'
import { addressSnapshot } from '#support/address_snapshot'

/** A saved address: the fields an order copies, plus `isDefault` and the timestamps. */
export default class ShippingAddressTransformer extends ApiTransformer<ShippingAddress> {
  toObject() {
    const address = this.resource
    return {
      id: address.id,
      ...addressSnapshot(address),
      isDefault: address.isDefault,
      createdAt: this.instant(address.createdAt),
      updatedAt: this.instant(address.updatedAt),
    }
  }
}
