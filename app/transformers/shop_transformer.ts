import type Shop from '#models/shop'
import { SHOP_STATUSES } from '#enums/shop_status'
import { nullableString, uuid } from '#openapi/json_schema'
import ApiTransformer from '#transformers/api_transformer'
import { field, instantField, shapeOf } from '#transformers/shape'

/** A shop as sellers and admins see it. */
export default class ShopTransformer extends ApiTransformer<Shop> {
  static readonly shape = shapeOf<Shop>()({
    id: field(uuid, (shop) => shop.id),
    name: field({ type: 'string' }, (shop) => shop.name),
    description: field(nullableString, (shop) => shop.description),
    status: field({ enum: [...SHOP_STATUSES] }, (shop) => shop.status),
    sellerId: field(uuid, (shop) => shop.sellerId),
    createdAt: instantField((shop) => shop.createdAt),
    updatedAt: instantField((shop) => shop.updatedAt),
  })

  toObject() {
    return ShopTransformer.shape.write(this.resource)
  }
}
