import type Payment from '#models/payment'
import { PAYMENT_METHODS } from '#enums/order_status'
import { PAYMENT_PROVIDERS, PAYMENT_RECORD_STATUSES } from '#enums/payment'
import { nullableString, uuid } from '#openapi/json_schema'
import ApiTransformer from '#transformers/api_transformer'
import {
  amountField,
  field,
  instantField,
  nullableInstantField,
  shapeOf,
} from '#transformers/shape'

/** A checkout's payment as the payment routes show it (docs/api/payments.md). */
export default class PaymentTransformer extends ApiTransformer<Payment> {
  static readonly shape = shapeOf<Payment>()({
    id: field(uuid, 'id'),
    checkoutId: field(uuid, 'checkoutId'),
    provider: field({ type: 'string', enum: [...PAYMENT_PROVIDERS] }, 'provider'),
    method: field({ type: 'string', enum: [...PAYMENT_METHODS] }, 'method'),
    status: field({ type: 'string', enum: [...PAYMENT_RECORD_STATUSES] }, 'status'),
    amount: amountField('amountCents', "The checkout's total"),
    capturedAmount: amountField('capturedAmountCents'),
    refundedAmount: amountField('refundedAmountCents'),
    currency: field({ type: 'string', examples: ['USD'] }, 'currency'),
    clientSecret: field(
      {
        ...nullableString,
        description: "The PaymentIntent's client secret for Stripe.js, only while PENDING",
      },
      (payment) => (payment.status === 'PENDING' ? payment.clientSecret : null)
    ),
    expiresAt: nullableInstantField('expiresAt'),
    createdAt: instantField('createdAt'),
    updatedAt: instantField('updatedAt'),
  })

  toObject() {
    return PaymentTransformer.shape.write(this.resource)
  }
}
