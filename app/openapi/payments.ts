import { pageOf, ref, type AreaPaths, type JsonSchema } from '#openapi/builders'
import { ADMIN_ROLES, bearer } from '#openapi/audience'
import { objectOf } from '#openapi/json_schema'
import { UserType } from '#enums/user_type'
import { adminPaymentListValidator } from '#validators/payment'
import {
  InvalidWebhookSignature,
  PaymentNotFound,
  PaymentNotRetryable,
  PaymentProviderUnavailable,
} from '#exceptions/payment_errors'

const payment = ref('Payment')
const customer = bearer('Payments', [UserType.CUSTOMER], 'problem')
const ownOnly = { 404: "Unknown checkout, or another customer's." }

/** A checkout's payment, the admin list and the provider's webhook (docs/api/payments.md). */
export const paymentsPaths: AreaPaths = {
  '/api/v1/checkouts/{checkoutId}/payment': {
    get: {
      ...customer,
      operationId: 'getCheckoutPayment',
      summary: 'The payment of one of the customer’s checkouts',
      description:
        'One payment per checkout. A card payment collected online is PENDING until its ' +
        'capture, with the PaymentIntent’s `clientSecret` for Stripe.js (null in every other ' +
        'status); it is CANCELLED, with its orders, when not captured by `expiresAt`.',
      pathParams: ['checkoutId'],
      responses: { 200: { description: 'The payment', schema: payment } },
      errors: [PaymentNotFound],
      errorNotes: ownOnly,
    },
  },
  '/api/v1/checkouts/{checkoutId}/payment/retry': {
    post: {
      ...customer,
      operationId: 'retryCheckoutPayment',
      summary: 'Start a failed card payment again with a fresh PaymentIntent',
      description:
        'Only a FAILED card payment before its `expiresAt`; it becomes PENDING with a new ' +
        '`clientSecret`, and the failed intent is cancelled at the provider.',
      pathParams: ['checkoutId'],
      responses: { 200: { description: 'The payment, PENDING again', schema: payment } },
      errors: [PaymentNotFound, PaymentNotRetryable, PaymentProviderUnavailable],
      errorNotes: ownOnly,
    },
  },
  '/api/v1/admin/payments': {
    get: {
      ...bearer('Payment administration', ADMIN_ROLES, 'problem'),
      operationId: 'listPayments',
      summary: 'Every payment, newest first',
      query: adminPaymentListValidator.toJSONSchema() as JsonSchema,
      responses: { 200: { description: 'A page of payments', schema: pageOf(payment) } },
    },
  },
  '/api/v1/payments/stripe/webhook': {
    post: {
      tags: ['Payments'],
      auth: 'none',
      style: 'problem',
      operationId: 'receiveStripeWebhook',
      summary: 'Stripe’s events about PaymentIntents and refunds',
      description:
        'Called by Stripe, never by clients. The `Stripe-Signature` header is verified over the ' +
        'raw body with STRIPE_WEBHOOK_SECRET (5 minutes tolerance). Each event id is applied at ' +
        'most once; a repeat, and an event type not handled, answer 200 and change nothing.',
      headers: [
        { name: 'Stripe-Signature', description: '`t=…,v1=…` as Stripe signs it', required: true },
      ],
      body: { type: 'object', description: 'A Stripe event, as Stripe sends it' },
      responses: {
        200: {
          description: 'Received',
          schema: objectOf({
            received: { type: 'boolean', const: true },
            outcome: { type: 'string', enum: ['applied', 'repeat', 'ignored'] },
          }),
        },
      },
      errors: [InvalidWebhookSignature],
    },
  },
}
