import type Order from '#models/order'
import type OrderItem from '#models/order_item'
import type OrderStatusHistory from '#models/order_status_history'
import { ORDER_STATUSES, PAYMENT_METHODS, PAYMENT_STATUSES } from '#enums/order_status'
import { USER_TYPES } from '#enums/user_type'
import type { DateTime } from 'luxon'
import { nullable, nullableString, optionValuesSchema, uuid } from '#openapi/json_schema'
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
import { COUPON_FUNDINGS } from '#enums/ledger'
import { COMMISSION_RATE } from '#support/percent'
import { centsToAmount } from '#support/money'

/** One line of the order: the product as it was sold. */
const lineShape = shapeOf<OrderItem>()({
  productId: field(uuid, 'productId'),
  variantId: field(uuid, 'variantId'),
  optionValues: field(optionValuesSchema, 'optionValues'),
  name: field({ type: 'string' }, 'name'),
  sku: field({ type: 'string' }, 'sku'),
  unitPrice: amountField('unitPriceCents'),
  quantity: field({ type: 'integer', minimum: 1, maximum: 999 }, 'quantity'),
  lineTotal: amountField('lineTotalCents'),
})

const HISTORY_FIELDS = { STATUS: 'status', PAYMENT_STATUS: 'paymentStatus', RETURN: 'return' }

/** One entry of the history: which state changed, from and to what, by whom, when. */
const historyEntryShape = shapeOf<OrderStatusHistory>()({
  field: field(
    {
      type: 'string',
      enum: ['status', 'paymentStatus', 'return'],
      description: 'return: a step of one of its returns (docs/api/returns.md)',
    },
    (entry) => HISTORY_FIELDS[entry.field]
  ),
  from: field(
    { ...nullableString, description: 'null for the entry written at placement' },
    'fromValue'
  ),
  to: field({ type: 'string' }, 'toValue'),
  changedBy: field(
    {
      type: 'string',
      enum: [...USER_TYPES, 'SYSTEM'],
      description: 'SYSTEM for what the service did itself: a capture, an expiry',
    },
    'actorType'
  ),
  changedAt: instantField('createdAt'),
})

/** The shipment of an order that left: who carries it and where to follow it. */
const shipmentShape = shapeOf<Order & { shippedAt: DateTime }>()({
  carrier: field(nullableString, 'shipmentCarrier'),
  trackingNumber: field(nullableString, 'shipmentTrackingNumber'),
  trackingUrl: field(nullableString, 'shipmentTrackingUrl'),
  shippedAt: instantField('shippedAt'),
})

/** The method an order was shipped with, as its name was at placement. */
const shippingMethodShape = shapeOf<Order>()({
  id: field(uuid, 'shippingMethodId'),
  name: field({ type: 'string' }, 'shippingMethodName'),
})

/**
 * An order as every order route shows it (docs/api/checkout.md). `statusHistory` is there when
 * the history was preloaded, as the single-order routes do. The lines and the history are
 * shapes of their own rather than nested transformers, so the output stays a plain object the
 * Edge console can read too.
 */
export default class OrderTransformer extends ApiTransformer<Order> {
  static readonly shape = shapeOf<Order>()({
    id: field(uuid, 'id'),
    orderNumber: field({ type: 'string', examples: ['ORD-20261122-7K3M9QX2AB'] }, 'orderNumber'),
    checkoutId: field(
      { ...uuid, description: 'Shared by the orders of one placement' },
      'checkoutId'
    ),
    shopId: field(uuid, 'shopId'),
    shopName: field({ type: 'string' }, 'shopName'),
    status: field({ type: 'string', enum: [...ORDER_STATUSES] }, 'status'),
    paymentStatus: field({ type: 'string', enum: [...PAYMENT_STATUSES] }, 'paymentStatus'),
    paymentMethod: field({ type: 'string', enum: [...PAYMENT_METHODS] }, 'paymentMethod'),
    paidAmount: amountField('paidAmountCents', "What was received: the order's total once paid"),
    refundedAmount: amountField('refundedAmountCents', 'What was given back of paidAmount'),
    items: listField(lineShape, 'items'),
    subTotal: amountField('subTotalCents'),
    shippingMethod: objectField(shippingMethodShape, (order) => order),
    shippingCost: amountField('shippingCostCents'),
    taxAmount: amountField('taxAmountCents'),
    discountAmount: amountField('discountAmountCents'),
    total: amountField('totalCents', 'subTotal + shippingCost + taxAmount − discountAmount'),
    couponCode: field(nullableString, 'couponCode'),
    currency: field({ type: 'string', examples: ['USD'] }, 'currency'),
    // The copy kept at placement, shown as it was stored.
    shippingAddress: field(addressShape.schema, 'shippingAddress'),
    notes: field(nullableString, 'notes'),
    shipment: field(
      {
        ...nullable(shipmentShape.schema),
        description: 'Null until the order is SHIPPED (docs/api/returns.md)',
      },
      (order) =>
        order.shippedAt ? shipmentShape.write(order as Order & { shippedAt: DateTime }) : null
    ),
    createdAt: instantField('createdAt'),
    updatedAt: instantField('updatedAt'),
    statusHistory: optionalListField(
      historyEntryShape,
      (order) => order.$preloaded.statusHistory as OrderStatusHistory[] | undefined
    ),
  })

  /**
   * The order as its seller and admins see it: with its money between the seller and the
   * marketplace, frozen at placement (docs/api/ledger.md). Never shown to the customer.
   */
  static readonly staffShape = OrderTransformer.shape.with({
    commissionRate: field(
      {
        type: 'number',
        minimum: 0,
        maximum: 100,
        description: 'The commission rate in force at placement, in percent (two decimals)',
      },
      (order) => order.commissionRate / COMMISSION_RATE.perPercent
    ),
    couponFundedBy: field(
      {
        type: 'string',
        enum: [...COUPON_FUNDINGS],
        description: "Who bore the order's discount, as its coupon said at placement",
      },
      'couponFundedBy'
    ),
    commission: amountField(
      'commissionCents',
      'commissionRate × (subTotal − the seller’s discount), rounded half-up'
    ),
    sellerEarning: amountField(
      'sellerEarningCents',
      'subTotal − the seller’s discount + shippingCost + taxAmount − commission'
    ),
    marketplaceTake: field(
      {
        type: 'number',
        description: 'total − sellerEarning; negative when the marketplace subsidises the order',
      },
      (order) => centsToAmount(order.marketplaceTakeCents)
    ),
  })

  toObject() {
    return OrderTransformer.shape.write(this.resource)
  }

  forStaff() {
    return OrderTransformer.staffShape.write(this.resource)
  }
}

/** An order's fields as the Edge console shows them: the staff's shape, read synchronously. */
export function orderResource(order: Order) {
  return OrderTransformer.staffShape.write(order)
}
