import { pageOf, ref, type AreaPaths, type JsonSchema, type OperationSpec } from '#openapi/builders'
import { ADMIN_ROLES, bearer } from '#openapi/audience'
import { UserType } from '#enums/user_type'
import {
  adminOrderListValidator,
  customerOrderListValidator,
  orderStatusValidator,
  paymentStatusValidator,
  sellerOrderListValidator,
} from '#validators/order'
import {
  InvalidPaymentStatusTransition,
  InvalidStatusTransition,
  OrderNotFound,
} from '#exceptions/order_errors'
import {
  PaymentCollectedOnline,
  PaymentNotCaptured,
  PaymentRecordedByAdmin,
} from '#exceptions/payment_errors'
import { OrderNotPaid, RefundExceedsPaid } from '#exceptions/refund_errors'
import { refundValidator } from '#validators/refund'

const order = ref('Order')
/** What the order's seller and admins see: the order with its money (docs/api/ledger.md). */
const staffOrder = ref('StaffOrder')
const refund = ref('Refund')
const refundRules =
  'docs/api/payments.md, "Refunds". `amount` from 0.01, at most two decimals, at most the ' +
  'order’s paid amount minus what was already refunded (else 422 REFUND_EXCEEDS_PAID, also ' +
  'when parallel refunds got there first); an order with nothing paid is 422 ORDER_NOT_PAID. ' +
  'A refund of a card payment collected online is PENDING until the provider refunded it ' +
  '(sent through the outbox under the refund id as idempotency key), then SUCCEEDED, or FAILED ' +
  'when the provider kept refusing (the amount is refundable again); money recorded by hand ' +
  'is refunded SUCCEEDED at once. The order’s `refundedAmount` and `paymentStatus` and the ' +
  'payment’s follow at once; the refund is in the order’s history and the audit trail, and a ' +
  'success mails the customer and emits `refund.succeeded`.'
const withHistory = { description: 'The order with its status history', schema: order }
const staffWithHistory = {
  description: 'The order with its status history and its money',
  schema: staffOrder,
}
const statusRules =
  'PENDING → CONFIRMED → SHIPPED → DELIVERED; PENDING or CONFIRMED → CANCELLED. Anything else ' +
  '(skipping a step, going back, repeating the current status, leaving CANCELLED or ' +
  'DELIVERED) is a 409 and changes nothing. Cancelling puts the items back in stock (even of a ' +
  'product since deactivated or deleted) and, when it is the last open order of its checkout, ' +
  'gives the coupon use back. Of two simultaneous changes only one applies; the other is ' +
  'judged against the new state. Every change is in the status history.'
const paymentRules =
  'Money received by hand (docs/api/payments.md): `{"paymentStatus": "PAID"}`, UNPAID → PAID ' +
  'while the order is not CANCELLED; `paidAmount` becomes the order’s total. Cash on delivery ' +
  'is recorded by the order’s seller or an admin, bank transfer, PayPal and cards by an admin; ' +
  'a card payment collected online is recorded by its capture only. Refunds are never ' +
  'recorded here. Every change is in the status history with `field: "paymentStatus"`.'
const paymentNotes = {
  403: 'A seller recording anything but cash on delivery.',
  409:
    'UNPAID → PAID only while the order is not CANCELLED; never for a card payment collected ' +
    'online (PAYMENT_COLLECTED_ONLINE).',
}

const customer = bearer('Orders', [UserType.CUSTOMER], 'problem')

/** The four routes sellers and admins share, for one of them; `names` says which orders. */
function managedOrders(
  prefix: 'seller' | 'admin',
  base: Pick<OperationSpec, 'tags' | 'auth' | 'roles' | 'style'>,
  list: { validator: { toJSONSchema(): unknown }; description?: string },
  names: { list: string; one: string }
): AreaPaths {
  const ownOrders: Record<number, string> =
    prefix === 'seller' ? { 404: "Unknown, or an order of another seller's shop." } : {}
  const read = prefix === 'admin' ? { apiKeyScope: 'orders:read' as const } : {}
  const write = prefix === 'admin' ? { apiKeyScope: 'orders:write' as const } : {}
  return {
    [`/api/v1/${prefix}/orders`]: {
      get: {
        ...base,
        ...read,
        operationId: `list${prefix === 'seller' ? 'Seller' : 'All'}Orders`,
        summary: `${names.list}, newest first`,
        description: list.description,
        query: list.validator.toJSONSchema() as JsonSchema,
        responses: { 200: { description: 'A page of orders', schema: pageOf(staffOrder) } },
      },
    },
    [`/api/v1/${prefix}/orders/{id}`]: {
      get: {
        ...base,
        ...read,
        operationId: `get${prefix === 'seller' ? 'Seller' : 'Any'}Order`,
        summary: `${names.one}, with its status history`,
        pathParams: ['id'],
        responses: { 200: staffWithHistory },
        errors: [OrderNotFound],
        errorNotes: ownOrders,
      },
    },
    [`/api/v1/${prefix}/orders/{id}/status`]: {
      put: {
        ...base,
        ...write,
        operationId: `${prefix}SetOrderStatus`,
        summary: `Move ${names.one.toLowerCase()} to another status`,
        description: statusRules,
        pathParams: ['id'],
        body: orderStatusValidator.toJSONSchema() as JsonSchema,
        responses: { 200: staffWithHistory },
        errors: [OrderNotFound, InvalidStatusTransition, PaymentNotCaptured],
        errorNotes: {
          ...ownOrders,
          409: 'A step the state machine does not have; or SHIPPED for a card order collected online whose payment is not captured yet (PAYMENT_NOT_CAPTURED).',
        },
      },
    },
    [`/api/v1/${prefix}/orders/{id}/payment-status`]: {
      put: {
        ...base,
        ...write,
        operationId: `${prefix}SetPaymentStatus`,
        summary: `Record money received for ${names.one.toLowerCase()}`,
        description: paymentRules,
        pathParams: ['id'],
        body: paymentStatusValidator.toJSONSchema() as JsonSchema,
        responses: { 200: staffWithHistory },
        errors: [
          OrderNotFound,
          InvalidPaymentStatusTransition,
          PaymentCollectedOnline,
          ...(prefix === 'seller' ? [PaymentRecordedByAdmin] : []),
        ],
        errorNotes: { ...ownOrders, ...paymentNotes },
      },
    },
    [`/api/v1/${prefix}/orders/{id}/refunds`]: {
      get: {
        ...base,
        ...read,
        operationId: `list${prefix === 'seller' ? 'Seller' : 'Any'}OrderRefunds`,
        summary: `The refunds of ${names.one.toLowerCase()}, oldest first`,
        pathParams: ['id'],
        responses: {
          200: { description: 'The refunds', schema: { type: 'array', items: refund } },
        },
        errors: [OrderNotFound],
        errorNotes: ownOrders,
      },
      post: {
        ...base,
        ...write,
        operationId: `${prefix}RefundOrder`,
        summary: `Refund part or all of what was paid for ${names.one.toLowerCase()}`,
        description: refundRules,
        pathParams: ['id'],
        body: refundValidator.toJSONSchema() as JsonSchema,
        responses: { 201: { description: 'The refund', schema: refund } },
        errors: [OrderNotFound, OrderNotPaid, RefundExceedsPaid],
        errorNotes: ownOrders,
      },
    },
  }
}

/** Orders after placement: customers, sellers and admins. */
export const ordersPaths: AreaPaths = {
  '/api/v1/orders': {
    get: {
      ...customer,
      operationId: 'listMyOrders',
      summary: "The customer's orders, newest first",
      description: 'Newest first; the orders of one placement together, in cart order.',
      query: customerOrderListValidator.toJSONSchema() as JsonSchema,
      responses: { 200: { description: 'A page of orders', schema: pageOf(order) } },
    },
  },
  '/api/v1/orders/{id}': {
    get: {
      ...customer,
      operationId: 'getMyOrder',
      summary: 'One of the customer’s orders, with its status history',
      pathParams: ['id'],
      responses: { 200: withHistory },
      errors: [OrderNotFound],
      errorNotes: { 404: "Unknown, or another customer's order." },
    },
  },
  '/api/v1/orders/{id}/cancel': {
    post: {
      ...customer,
      operationId: 'cancelMyOrder',
      summary: 'Cancel one of the customer’s orders while it is PENDING or CONFIRMED',
      description: statusRules,
      pathParams: ['id'],
      responses: { 200: withHistory },
      errors: [OrderNotFound, InvalidStatusTransition],
    },
  },
  ...managedOrders(
    'seller',
    {
      tags: ['Seller orders'],
      auth: 'bearer',
      roles: ['SELLER (orders of their own shops)'],
      style: 'problem',
    },
    {
      validator: sellerOrderListValidator,
      description: "A `shopId` of another seller's shop gives an empty page.",
    },
    { list: 'The orders of the seller’s shops', one: 'An order of the seller’s shops' }
  ),
  ...managedOrders(
    'admin',
    {
      tags: ['Order administration'],
      auth: 'bearer',
      roles: ADMIN_ROLES,
      style: 'problem',
    },
    {
      validator: adminOrderListValidator,
      description:
        '`from` and `to` bound the placement time, both inclusive: each is an ISO 8601 date ' +
        '(`2026-11-01`, a whole UTC day, so a date `to` includes that day) or date-time ' +
        '(`2026-11-01T08:00:00Z`). `to` before `from` is a 400.',
    },
    { list: 'Every order', one: 'Any order' }
  ),
}
