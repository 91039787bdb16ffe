import type OrderReturn from '#models/order_return'
import type OrderReturnItem from '#models/order_return_item'
import { RETURN_STATUSES } from '#enums/return_status'
import { nullableString, uuid } from '#openapi/json_schema'
import ApiTransformer from '#transformers/api_transformer'
import { amountField, field, instantField, listField, shapeOf } from '#transformers/shape'

/** Units of one order line a return takes, and what they refund. */
const returnItemShape = shapeOf<OrderReturnItem>()({
  productId: field(uuid, 'productId'),
  orderItemId: field(
    { ...uuid, description: 'The order line (its `variantId` names the variant)' },
    'orderItemId'
  ),
  name: field({ type: 'string' }, 'name'),
  quantity: field({ type: 'integer', minimum: 1, maximum: 999 }, 'quantity'),
  refundAmount: amountField('refundAmountCents', 'Its share of the return’s refund'),
})

/** A return as every return route shows it (docs/api/returns.md). */
export default class ReturnTransformer extends ApiTransformer<OrderReturn> {
  static readonly shape = shapeOf<OrderReturn>()({
    id: field(uuid, 'id'),
    orderId: field(uuid, 'orderId'),
    orderNumber: field(
      { type: 'string', examples: ['ORD-20261122-7K3M9QX2AB'] },
      (found) => found.order.orderNumber
    ),
    shopId: field(uuid, 'shopId'),
    status: field({ type: 'string', enum: [...RETURN_STATUSES] }, 'status'),
    items: listField(returnItemShape, 'items'),
    reason: field({ type: 'string' }, 'reason'),
    note: field(
      { ...nullableString, description: 'The seller’s note on a rejection' },
      'decisionNote'
    ),
    refundAmount: amountField(
      'refundAmountCents',
      'The items’ refunds, plus the shipping when the last units come back; fixed on receipt'
    ),
    shippingRefund: amountField('shippingRefundCents', 'The part of refundAmount for shipping'),
    restocked: field(
      { type: ['boolean', 'null'], description: 'null until received' },
      'restocked'
    ),
    refundId: field(
      { ...nullableString, format: 'uuid', description: 'The refund issued on receipt' },
      'refundId'
    ),
    createdAt: instantField('createdAt'),
    updatedAt: instantField('updatedAt'),
  })

  toObject() {
    return ReturnTransformer.shape.write(this.resource)
  }
}

/** A return's fields as the Edge console shows them: the API's shape, read synchronously. */
export function returnResource(found: OrderReturn) {
  return ReturnTransformer.shape.write(found)
}
