import type ShippingAddress from '#models/shipping_address'
import type { AddressSnapshot } from '#models/order'
import { nullableString, uuid } from '#openapi/json_schema'
import ApiTransformer from '#transformers/api_transformer'
import { field, instantField, shapeOf } from '#transformers/shape'

/** The delivery fields every address shows: a saved address's, and the copy an order keeps. */
export const addressShape = shapeOf<AddressSnapshot>()({
  fullName: field({ type: 'string', maxLength: 100 }, (address) => address.fullName),
  phone: field({ type: 'string', maxLength: 32 }, (address) => address.phone),
  line1: field({ type: 'string', maxLength: 200 }, (address) => address.line1),
  line2: field(nullableString, (address) => address.line2),
  city: field({ type: 'string', maxLength: 100 }, (address) => address.city),
  state: field(nullableString, (address) => address.state),
  postalCode: field(nullableString, (address) => address.postalCode),
  country: field(
    { type: 'string', description: 'ISO 3166-1 alpha-2, upper-case' },
    (address) => address.country
  ),
})

/** A saved address: the fields an order copies, plus `isDefault` and the timestamps. */
export default class ShippingAddressTransformer extends ApiTransformer<ShippingAddress> {
  static readonly shape = shapeOf<ShippingAddress>()({
    id: field(uuid, (address) => address.id),
    ...addressShape.fields,
    isDefault: field({ type: 'boolean' }, (address) => address.isDefault),
    createdAt: instantField((address) => address.createdAt),
    updatedAt: instantField((address) => address.updatedAt),
  })

  toObject() {
    return ShippingAddressTransformer.shape.write(this.resource)
  }
}
