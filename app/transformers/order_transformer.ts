import type Order from '#models/order'
import type OrderItem from '#models/order_item'
import type OrderStatusHistory from '#models/order_status_history'
import ApiTransformer from '#transformers/api_transformer'

/**
 * An order as every order route shows it (docs/api/checkout.md). `statusHistory` is there when
 * the history was preloaded, as the single-order routes do. The lines and the history are
 * written inline rather than by nested transformers so the output stays a plain object the Edge
 * console can read too.
 */
export default class OrderTransformer extends ApiTransformer<Order> {
  toObject() {
    const order = this.resource
    const history = order.$preloaded.statusHistory as OrderStatusHistory[] | undefined
    return {
      id: order.id,
      orderNumber: order.orderNumber,
      checkoutId: order.checkoutId,
      shopId: order.shopId,
      shopName: order.shopName,
      status: order.status,
      paymentStatus: order.paymentStatus,
      paymentMethod: order.paymentMethod,
      items: order.items.map((item) => this.#line(item)),
      subTotal: this.amount(order.subTotalCents),
      shippingMethod: { id: order.shippingMethodId, name: order.shippingMethodName },
      shippingCost: this.amount(order.shippingCostCents),
      taxAmount: this.amount(order.taxAmountCents),
      discountAmount: this.amount(order.discountAmountCents),
      total: this.amount(order.totalCents),
      couponCode: order.couponCode,
      currency: order.currency,
      shippingAddress: order.shippingAddress,
      notes: order.notes,
      createdAt: this.instant(order.createdAt),
      updatedAt: this.instant(order.updatedAt),
      statusHistory: history?.map((entry) => this.#historyEntry(entry)),
    }
  }

  /** One line of the order: the product as it was sold. */
  #line(item: OrderItem) {
    return {
      productId: item.productId,
      name: item.name,
      sku: item.sku,
      unitPrice: this.amount(item.unitPriceCents),
      quantity: item.quantity,
      lineTotal: this.amount(item.lineTotalCents),
    }
  }

  /** One entry of the history: which state changed, from and to what, by whom, when. */
  #historyEntry(entry: OrderStatusHistory) {
    return {
      field: entry.field === 'STATUS' ? 'status' : 'paymentStatus',
      from: entry.fromValue,
      to: entry.toValue,
      changedBy: entry.actorType,
      changedAt: this.instant(entry.createdAt),
    }
  }
}

/** An order's fields as the Edge console shows them: the API's shape, read synchronously. */
export function orderResource(order: Order) {
  return new OrderTransformer(order).toObject()
}
