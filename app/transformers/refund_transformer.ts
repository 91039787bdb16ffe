import type Refund from '#models/refund'
import { PAYMENT_PROVIDERS, REFUND_STATUSES } from '#enums/payment'
import { uuid } from '#openapi/json_schema'
import ApiTransformer from '#transformers/api_transformer'
import { amountField, field, instantField, shapeOf } from '#transformers/shape'

/** A refund of an order as the refund routes show it (docs/api/payments.md, "Refunds"). */
export default class RefundTransformer extends ApiTransformer<Refund> {
  static readonly shape = shapeOf<Refund>()({
    id: field(uuid, 'id'),
    orderId: field(uuid, 'orderId'),
    amount: amountField('amountCents', 'The amount given back'),
    reason: field({ type: 'string' }, 'reason'),
    status: field({ type: 'string', enum: [...REFUND_STATUSES] }, 'status'),
    provider: field({ type: 'string', enum: [...PAYMENT_PROVIDERS] }, 'provider'),
    createdAt: instantField('createdAt'),
    updatedAt: instantField('updatedAt'),
  })

  toObject() {
    return RefundTransformer.shape.write(this.resource)
  }
}
