import { arrayOf, objectOf, pageOf, type AreaPaths, type JsonSchema } from '#openapi/builders'
import {
  adminOrderListValidator,
  customerOrderListValidator,
  orderStatusValidator,
  paymentStatusValidator,
  sellerOrderListValidator,
} from '#validators/order'
import { ORDER_STATUSES, PAYMENT_METHODS, PAYMENT_STATUSES } from '#enums/order_status'

const uuid: JsonSchema = { type: 'string', format: 'uuid' }
const instant: JsonSchema = { type: 'string', format: 'date-time' }
const amount: JsonSchema = { type: 'number', minimum: 0 }
const nullableString: JsonSchema = { type: ['string', 'null'] }

/** The order of decisions.md section 5; `statusHistory` only on single-order responses. */
export const orderSchema = objectOf(
  {
    id: uuid,
    orderNumber: { type: 'string', examples: ['ORD-20261122-7K3M9QX2AB'] },
    checkoutId: { ...uuid, description: 'Shared by the orders of one placement' },
    shopId: uuid,
    shopName: { type: 'string' },
    status: { type: 'string', enum: [...ORDER_STATUSES] },
    paymentStatus: { type: 'string', enum: [...PAYMENT_STATUSES] },
    paymentMethod: { type: 'string', enum: [...PAYMENT_METHODS] },
    items: arrayOf(
      objectOf({
        productId: uuid,
        name: { type: 'string' },
        sku: { type: 'string' },
        unitPrice: amount,
        quantity: { type: 'integer', minimum: 1, maximum: 999 },
        lineTotal: amount,
      })
    ),
    subTotal: amount,
    shippingMethod: objectOf({ id: uuid, name: { type: 'string' } }),
    shippingCost: amount,
    taxAmount: amount,
    discountAmount: amount,
    total: { ...amount, description: 'subTotal + shippingCost + taxAmount − discountAmount' },
    couponCode: nullableString,
    currency: { type: 'string', examples: ['USD'] },
    shippingAddress: objectOf({
      fullName: { type: 'string' },
      phone: { type: 'string' },
      line1: { type: 'string' },
      line2: nullableString,
      city: { type: 'string' },
      state: nullableString,
      postalCode: nullableString,
      country: { type: 'string' },
    }),
    notes: nullableString,
    createdAt: instant,
    updatedAt: instant,
    statusHistory: arrayOf(
      objectOf({
        field: { type: 'string', enum: ['status', 'paymentStatus'] },
        from: { ...nullableString, description: 'null for the entry written at placement' },
        to: { type: 'string' },
        changedBy: { type: 'string', enum: ['CUSTOMER', 'SELLER', 'ADMIN', 'SUPER_ADMIN'] },
        changedAt: instant,
      })
    ),
  },
  ['statusHistory']
)

const unauthorized = { description: 'Missing, invalid, expired or revoked token (UNAUTHORIZED, …)' }
const invalid = { description: 'Invalid input (VALIDATION_FAILED, with per-field errors)' }
const notFound = { description: 'Unknown order, or one the caller may not see (ORDER_NOT_FOUND)' }
const badTransition = {
  description:
    'The order is not in a status this change may start from (INVALID_STATUS_TRANSITION)',
}
const badPayment = {
  description:
    'UNPAID → PAID only while the order is not CANCELLED; PAID → REFUNDED only once it is ' +
    'CANCELLED or DELIVERED (INVALID_PAYMENT_STATUS_TRANSITION)',
}
const withHistory = { description: 'The order with its status history', schema: orderSchema }
const statusRules =
  'PENDING → CONFIRMED → SHIPPED → DELIVERED; PENDING or CONFIRMED → CANCELLED. Cancelling ' +
  'puts the items back in stock and, when it is the last open order of its checkout, gives the ' +
  'coupon use back.'

const customer = {
  tags: ['Orders'],
  auth: 'bearer' as const,
  roles: ['CUSTOMER'],
  style: 'problem' as const,
}
const seller = {
  tags: ['Seller orders'],
  auth: 'bearer' as const,
  roles: ['SELLER (orders of their own shops)'],
  style: 'problem' as const,
}
const admin = {
  tags: ['Order administration'],
  auth: 'bearer' as const,
  roles: ['ADMIN', 'SUPER_ADMIN'],
  style: 'problem' as const,
}

/** Orders after placement: customers, sellers and admins. */
export const ordersPaths: AreaPaths = {
  '/api/v1/orders': {
    get: {
      ...customer,
      summary: "The customer's orders, newest first",
      query: customerOrderListValidator.toJSONSchema() as JsonSchema,
      responses: {
        200: { description: 'A page of orders', schema: pageOf(orderSchema) },
        400: invalid,
        401: unauthorized,
        403: { description: 'Not a customer (FORBIDDEN)' },
      },
    },
  },
  '/api/v1/orders/{id}': {
    get: {
      ...customer,
      summary: 'One of the customer’s orders, with its status history',
      pathParams: ['id'],
      responses: {
        200: withHistory,
        401: unauthorized,
        403: { description: 'Not a customer (FORBIDDEN)' },
        404: notFound,
      },
    },
  },
  '/api/v1/orders/{id}/cancel': {
    post: {
      ...customer,
      summary: 'Cancel one of the customer’s orders while it is PENDING or CONFIRMED',
      description: statusRules,
      pathParams: ['id'],
      responses: {
        200: withHistory,
        401: unauthorized,
        403: { description: 'Not a customer (FORBIDDEN)' },
        404: notFound,
        409: badTransition,
      },
    },
  },
  '/api/v1/seller/orders': {
    get: {
      ...seller,
      summary: 'The orders of the seller’s shops, newest first',
      query: sellerOrderListValidator.toJSONSchema() as JsonSchema,
      responses: {
        200: { description: 'A page of orders', schema: pageOf(orderSchema) },
        400: invalid,
        401: unauthorized,
        403: { description: 'Not a seller (FORBIDDEN)' },
      },
    },
  },
  '/api/v1/seller/orders/{id}': {
    get: {
      ...seller,
      summary: 'One order of the seller’s shops, with its status history',
      pathParams: ['id'],
      responses: {
        200: withHistory,
        401: unauthorized,
        403: { description: 'Not a seller (FORBIDDEN)' },
        404: notFound,
      },
    },
  },
  '/api/v1/seller/orders/{id}/status': {
    put: {
      ...seller,
      summary: 'Move an order of the seller’s shops to another status',
      description: statusRules,
      pathParams: ['id'],
      body: orderStatusValidator.toJSONSchema() as JsonSchema,
      responses: {
        200: withHistory,
        400: invalid,
        401: unauthorized,
        403: { description: 'Not a seller (FORBIDDEN)' },
        404: notFound,
        409: badTransition,
      },
    },
  },
  '/api/v1/seller/orders/{id}/payment-status': {
    put: {
      ...seller,
      summary: 'Record a payment or a refund for an order of the seller’s shops',
      pathParams: ['id'],
      body: paymentStatusValidator.toJSONSchema() as JsonSchema,
      responses: {
        200: withHistory,
        400: invalid,
        401: unauthorized,
        403: { description: 'Not a seller (FORBIDDEN)' },
        404: notFound,
        409: badPayment,
      },
    },
  },
  '/api/v1/admin/orders': {
    get: {
      ...admin,
      summary: 'Every order, newest first',
      description:
        '`from` and `to` bound the placement time: an ISO 8601 date (a whole UTC day, `to` ' +
        'included) or date-time.',
      query: adminOrderListValidator.toJSONSchema() as JsonSchema,
      responses: {
        200: { description: 'A page of orders', schema: pageOf(orderSchema) },
        400: invalid,
        401: unauthorized,
        403: { description: 'Not an admin (FORBIDDEN)' },
      },
    },
  },
  '/api/v1/admin/orders/{id}': {
    get: {
      ...admin,
      summary: 'Any order, with its status history',
      pathParams: ['id'],
      responses: {
        200: withHistory,
        401: unauthorized,
        403: { description: 'Not an admin (FORBIDDEN)' },
        404: notFound,
      },
    },
  },
  '/api/v1/admin/orders/{id}/status': {
    put: {
      ...admin,
      summary: 'Move any order to another status',
      description: statusRules,
      pathParams: ['id'],
      body: orderStatusValidator.toJSONSchema() as JsonSchema,
      responses: {
        200: withHistory,
        400: invalid,
        401: unauthorized,
        403: { description: 'Not an admin (FORBIDDEN)' },
        404: notFound,
        409: badTransition,
      },
    },
  },
  '/api/v1/admin/orders/{id}/payment-status': {
    put: {
      ...admin,
      summary: 'Record a payment or a refund for any order',
      pathParams: ['id'],
      body: paymentStatusValidator.toJSONSchema() as JsonSchema,
      responses: {
        200: withHistory,
        400: invalid,
        401: unauthorized,
        403: { description: 'Not an admin (FORBIDDEN)' },
        404: notFound,
        409: badPayment,
      },
    },
  },
}
