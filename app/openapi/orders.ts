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

const order = ref('Order')
const withHistory = { description: 'The order with its status history', schema: order }
const statusRules =
  'PENDING → CONFIRMED → SHIPPED → DELIVERED; PENDING or CONFIRMED → CANCELLED. Cancelling ' +
  'puts the items back in stock and, when it is the last open order of its checkout, gives the ' +
  'coupon use back.'
const paymentNotes = {
  409:
    'UNPAID → PAID only while the order is not CANCELLED; PAID → REFUNDED only once it is ' +
    'CANCELLED or DELIVERED.',
}

const customer = bearer('Orders', [UserType.CUSTOMER], 'problem')

/** The four routes sellers and admins share, for one of them; `names` says which orders. */
function managedOrders(
  prefix: 'seller' | 'admin',
  base: Pick<OperationSpec, 'tags' | 'auth' | 'roles' | 'style'>,
  list: { validator: { toJSONSchema(): unknown }; description?: string },
  names: { list: string; one: string }
): AreaPaths {
  return {
    [`/api/v1/${prefix}/orders`]: {
      get: {
        ...base,
        operationId: `list${prefix === 'seller' ? 'Seller' : 'All'}Orders`,
        summary: `${names.list}, newest first`,
        description: list.description,
        query: list.validator.toJSONSchema() as JsonSchema,
        responses: { 200: { description: 'A page of orders', schema: pageOf(order) } },
      },
    },
    [`/api/v1/${prefix}/orders/{id}`]: {
      get: {
        ...base,
        operationId: `get${prefix === 'seller' ? 'Seller' : 'Any'}Order`,
        summary: `${names.one}, with its status history`,
        pathParams: ['id'],
        responses: { 200: withHistory },
        errors: [OrderNotFound],
      },
    },
    [`/api/v1/${prefix}/orders/{id}/status`]: {
      put: {
        ...base,
        operationId: `${prefix}SetOrderStatus`,
        summary: `Move ${names.one.toLowerCase()} to another status`,
        description: statusRules,
        pathParams: ['id'],
        body: orderStatusValidator.toJSONSchema() as JsonSchema,
        responses: { 200: withHistory },
        errors: [OrderNotFound, InvalidStatusTransition],
      },
    },
    [`/api/v1/${prefix}/orders/{id}/payment-status`]: {
      put: {
        ...base,
        operationId: `${prefix}SetPaymentStatus`,
        summary: `Record a payment or a refund for ${names.one.toLowerCase()}`,
        pathParams: ['id'],
        body: paymentStatusValidator.toJSONSchema() as JsonSchema,
        responses: { 200: withHistory },
        errors: [OrderNotFound, InvalidPaymentStatusTransition],
        errorNotes: paymentNotes,
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
    { validator: sellerOrderListValidator },
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
        '`from` and `to` bound the placement time: an ISO 8601 date (a whole UTC day, `to` ' +
        'included) or date-time.',
    },
    { list: 'Every order', one: 'Any order' }
  ),
}
