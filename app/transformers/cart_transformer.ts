import type { CartView } from '#services/cart/cart_service'
import { centsToAmount } from '#support/money'

/** The cart as `GET /api/v1/cart` and every cart change answer with it. */
export function cartJson(cart: CartView) {
  return {
    items: cart.lines.map((line) => ({
      productId: line.productId,
      shopId: line.shopId,
      shopName: line.shopName,
      name: line.name,
      unitPrice: centsToAmount(line.unitPriceCents),
      quantity: line.quantity,
      lineTotal: centsToAmount(line.lineTotalCents),
      stock: line.stock,
      available: line.available,
    })),
    itemCount: cart.itemCount,
    subTotal: centsToAmount(cart.subTotalCents),
  }
}
