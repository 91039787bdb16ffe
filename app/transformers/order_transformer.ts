import type Order from '#models/order'
import type OrderStatusHistory from '#models/order_status_history'
import { centsToAmount } from '#support/money'

/** One entry of an order's history: which state changed, from and to what, by whom, when. */
function historyJson(entry: OrderStatusHistory) {
  return {
    field: entry.field === 'STATUS' ? 'status' : 'paymentStatus',
    from: entry.fromValue,
    to: entry.toValue,
    changedBy: entry.actorType,
    changedAt: entry.createdAt.toUTC().toISO()!,
  }
}

/**
 * An order as every order route shows it (decisions.md section 5). `statusHistory` is added when
 * the history was loaded (the single-order routes).
 */
export function orderJson(order: Order) {
  const json = {
    id: order.id,
    orderNumber: order.orderNumber,
    checkoutId: order.checkoutId,
    shopId: order.shopId,
    shopName: order.shopName,
    status: order.status,
    paymentStatus: order.paymentStatus,
    paymentMethod: order.paymentMethod,
    items: order.items.map((item) => ({
      productId: item.productId,
      name: item.name,
      sku: item.sku,
      unitPrice: centsToAmount(item.unitPriceCents),
      quantity: item.quantity,
      lineTotal: centsToAmount(item.lineTotalCents),
    })),
    subTotal: centsToAmount(order.subTotalCents),
    shippingMethod: { id: order.shippingMethodId, name: order.shippingMethodName },
    shippingCost: centsToAmount(order.shippingCostCents),
    taxAmount: centsToAmount(order.taxAmountCents),
    discountAmount: centsToAmount(order.discountAmountCents),
    total: centsToAmount(order.totalCents),
    couponCode: order.couponCode,
    currency: order.currency,
    shippingAddress: order.shippingAddress,
    notes: order.notes,
    createdAt: order.createdAt.toUTC().toISO()!,
    updatedAt: order.updatedAt.toUTC().toISO()!,
  }
  const history = order.$preloaded.statusHistory as OrderStatusHistory[] | undefined
  return history ? { ...json, statusHistory: history.map(historyJson) } : json
}
