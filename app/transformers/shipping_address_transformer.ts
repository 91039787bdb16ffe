import type ShippingAddress from '#models/shipping_address'
import type { AddressSnapshot } from '#models/order'
import { nullableString, uuid } from '#openapi/json_schema'
import ApiTransformer from '#transformers/api_transformer'
import { field, instantField, shapeOf } from '#transformers/shape'

/** The delivery fields every address shows: a saved address's, and the copy an order keeps. */
export const addressShape = shapeOf<AddressSnapshot>()({
  fullName: field({ type: 'string', maxLength: 100 }, 'fullName'),
  phone: field({ type: 'string', maxLength: 32 }, 'phone'),
  line1: field({ type: 'string', maxLength: 200 }, 'line1'),
  line2: field(nullableString, 'line2'),
  city: field({ type: 'string', maxLength: 100 }, 'city'),
  state: field(nullableString, 'state'),
  postalCode: field(nullableString, 'postalCode'),
  country: field({ type: 'string', description: 'ISO 3166-1 alpha-2, upper-case' }, 'country'),
})

/** A saved address: the fields an order copies, plus `isDefault` and the timestamps. */
export default class ShippingAddressTransformer extends ApiTransformer<ShippingAddress> {
  static readonly shape = shapeOf<ShippingAddress>()({
    id: field(uuid, 'id'),
    ...addressShape.fields,
    isDefault: field({ type: 'boolean' }, 'isDefault'),
    createdAt: instantField('createdAt'),
    updatedAt: instantField('updatedAt'),
  })

  toObject() {
    return ShippingAddressTransformer.shape.write(this.resource)
  }
}
