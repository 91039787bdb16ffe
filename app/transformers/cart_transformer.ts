import type { CartView } from '#services/cart/cart_service'
import ApiTransformer from '#transformers/api_transformer'

/** The cart as `GET /api/v1/cart` and every cart change answer with it. */
export default class CartTransformer extends ApiTransformer<CartView> {
  toObject() {
    return {
      items: this.resource.lines.map((line) => ({
        productId: line.productId,
        shopId: line.shopId,
        shopName: line.shopName,
        name: line.name,
        unitPrice: this.amount(line.unitPriceCents),
        quantity: line.quantity,
        lineTotal: this.amount(line.lineTotalCents),
        stock: line.stock,
        available: line.available,
      })),
      itemCount: this.resource.itemCount,
      subTotal: this.amount(this.resource.subTotalCents),
    }
  }
}
