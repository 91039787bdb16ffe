import type Order from '#models/order'
import type OrderItem from '#models/order_item'
import type OrderStatusHistory from '#models/order_status_history'
import { ORDER_STATUSES, PAYMENT_METHODS, PAYMENT_STATUSES } from '#enums/order_status'
import { USER_TYPES } from '#enums/user_type'
import { nullableString, uuid } from '#openapi/json_schema'
import ApiTransformer from '#transformers/api_transformer'
import {
  amountField,
  field,
  instantField,
  listField,
  objectField,
  optionalListField,
  shapeOf,
} from '#transformers/shape'
import { addressShape } from '#transformers/shipping_address_transformer'

/** One line of the order: the product as it was sold. */
const lineShape = shapeOf<OrderItem>()({
  productId: field(uuid, (item) => item.productId),
  name: field({ type: 'string' }, (item) => item.name),
  sku: field({ type: 'string' }, (item) => item.sku),
  unitPrice: amountField((item) => item.unitPriceCents),
  quantity: field({ type: 'integer', minimum: 1, maximum: 999 }, (item) => item.quantity),
  lineTotal: amountField((item) => item.lineTotalCents),
})

/** One entry of the history: which state changed, from and to what, by whom, when. */
const historyEntryShape = shapeOf<OrderStatusHistory>()({
  field: field({ type: 'string', enum: ['status', 'paymentStatus'] }, (entry) =>
    entry.field === 'STATUS' ? 'status' : 'paymentStatus'
  ),
  from: field(
    { ...nullableString, description: 'null for the entry written at placement' },
    (entry) => entry.fromValue
  ),
  to: field({ type: 'string' }, (entry) => entry.toValue),
  changedBy: field({ type: 'string', enum: [...USER_TYPES] }, (entry) => entry.actorType),
  changedAt: instantField((entry) => entry.createdAt),
})

/** The method an order was shipped with, as its name was at placement. */
const shippingMethodShape = shapeOf<Order>()({
  id: field(uuid, (order) => order.shippingMethodId),
  name: field({ type: 'string' }, (order) => order.shippingMethodName),
})

/**
 * An order as every order route shows it (docs/api/checkout.md). `statusHistory` is there when
 * the history was preloaded, as the single-order routes do. The lines and the history are
 * shapes of their own rather than nested transformers, so the output stays a plain object the
 * Edge console can read too.
 */
export default class OrderTransformer extends ApiTransformer<Order> {
  static readonly shape = shapeOf<Order>()({
    id: field(uuid, (order) => order.id),
    orderNumber: field(
      { type: 'string', examples: ['ORD-20261122-7K3M9QX2AB'] },
      (order) => order.orderNumber
    ),
    checkoutId: field(
      { ...uuid, description: 'Shared by the orders of one placement' },
      (order) => order.checkoutId
    ),
    shopId: field(uuid, (order) => order.shopId),
    shopName: field({ type: 'string' }, (order) => order.shopName),
    status: field({ type: 'string', enum: [...ORDER_STATUSES] }, (order) => order.status),
    paymentStatus: field(
      { type: 'string', enum: [...PAYMENT_STATUSES] },
      (order) => order.paymentStatus
    ),
    paymentMethod: field(
      { type: 'string', enum: [...PAYMENT_METHODS] },
      (order) => order.paymentMethod
    ),
    items: listField(lineShape, (order) => order.items),
    subTotal: amountField((order) => order.subTotalCents),
    shippingMethod: objectField(shippingMethodShape, (order) => order),
    shippingCost: amountField((order) => order.shippingCostCents),
    taxAmount: amountField((order) => order.taxAmountCents),
    discountAmount: amountField((order) => order.discountAmountCents),
    total: amountField(
      (order) => order.totalCents,
      'subTotal + shippingCost + taxAmount − discountAmount'
    ),
    couponCode: field(nullableString, (order) => order.couponCode),
    currency: field({ type: 'string', examples: ['USD'] }, (order) => order.currency),
    // The copy kept at placement, shown as it was stored.
    shippingAddress: field(addressShape.schema, (order) => order.shippingAddress),
    notes: field(nullableString, (order) => order.notes),
    createdAt: instantField((order) => order.createdAt),
    updatedAt: instantField((order) => order.updatedAt),
    statusHistory: optionalListField(
      historyEntryShape,
      (order) => order.$preloaded.statusHistory as OrderStatusHistory[] | undefined
    ),
  })

  toObject() {
    return OrderTransformer.shape.write(this.resource)
  }
}

/** An order's fields as the Edge console shows them: the API's shape, read synchronously. */
export function orderResource(order: Order) {
  return OrderTransformer.shape.write(order)
}
