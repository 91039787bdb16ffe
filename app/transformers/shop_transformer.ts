import type Shop from '#models/shop'
import ApiTransformer from '#transformers/api_transformer'

/** A shop as sellers and admins see it. */
export default class ShopTransformer extends ApiTransformer<Shop> {
  toObject() {
    const shop = this.resource
    return {
      id: shop.id,
      name: shop.name,
      description: shop.description,
      status: shop.status,
      sellerId: shop.sellerId,
      createdAt: this.instant(shop.createdAt),
      updatedAt: this.instant(shop.updatedAt),
    }
  }
}
