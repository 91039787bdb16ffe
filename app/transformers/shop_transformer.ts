import type Shop from '#models/shop'
import { SHOP_STATUSES } from '#enums/shop_status'
import { nullableString, uuid } from '#openapi/json_schema'
import ApiTransformer from '#transformers/api_transformer'
import { field, instantField, shapeOf } from '#transformers/shape'

/** A shop as a storefront shows it: no status (it is always approved), no owner. */
const publicShape = shapeOf<Shop>()({
  id: field(uuid, 'id'),
  name: field({ type: 'string' }, 'name'),
  description: field(nullableString, 'description'),
  createdAt: instantField('createdAt'),
})

/** A shop as sellers and admins see it; the public routes answer with `forPublic`. */
export default class ShopTransformer extends ApiTransformer<Shop> {
  static readonly shape = shapeOf<Shop>()({
    id: field(uuid, 'id'),
    name: field({ type: 'string' }, 'name'),
    description: field(nullableString, 'description'),
    status: field({ enum: [...SHOP_STATUSES] }, 'status'),
    sellerId: field(uuid, 'sellerId'),
    createdAt: instantField('createdAt'),
    updatedAt: instantField('updatedAt'),
  })

  static readonly publicShape = publicShape

  toObject() {
    return ShopTransformer.shape.write(this.resource)
  }

  forPublic() {
    return publicShape.write(this.resource)
  }
}
