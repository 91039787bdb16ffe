import { pageOf, ref, type AreaPaths, type JsonSchema, type OperationSpec } from '#openapi/builders'
import { ADMIN_ROLES, bearer } from '#openapi/audience'
import { UserType } from '#enums/user_type'
import {
  createReturnValidator,
  receiveReturnValidator,
  rejectReturnValidator,
  returnListValidator,
} from '#validators/return'
import { OrderNotFound } from '#exceptions/order_errors'
import {
  InvalidReturnTransition,
  ReturnItemNotInOrder,
  ReturnNotAllowed,
  ReturnNotFound,
  ReturnQuantityExceeded,
} from '#exceptions/return_errors'

const orderReturn = ref('Return')
const one = { description: 'The return', schema: orderReturn }
const requestRules =
  'docs/api/returns.md. The order must be paid and DELIVERED at most RETURN_WINDOW_DAYS (30) ' +
  'ago, else ' +
  '422 RETURN_NOT_ALLOWED. Each product of the order once, 1 to 999 units; never more than was ' +
  'bought minus what earlier returns that were not rejected took, even with parallel requests ' +
  '(422 RETURN_QUANTITY_EXCEEDED). `refundAmount` is the estimate: the lines’ totals minus ' +
  'their share of the order’s discount plus their share of its tax, and the shipping when it ' +
  'brings the last units back; it is fixed when the units are received. Mails the customer, ' +
  'emits `return.requested` and is in the order’s history (`field: "return"`).'
const steps =
  'REQUESTED → APPROVED → RECEIVED → REFUNDED, or REQUESTED → REJECTED; any other step is a ' +
  '409 INVALID_RETURN_TRANSITION and changes nothing. Each step mails the customer and is in ' +
  'the order’s history.'

const customer = bearer('Returns', [UserType.CUSTOMER], 'problem')

/** The list, the read and the three steps, for sellers or admins. */
function managedReturns(
  prefix: 'seller' | 'admin',
  base: Pick<OperationSpec, 'tags' | 'auth' | 'roles' | 'style'>
): AreaPaths {
  const name = prefix === 'seller' ? 'Seller' : 'Any'
  const notes: Record<number, string> =
    prefix === 'seller' ? { 404: "Unknown, or a return of another seller's shop." } : {}
  const read = prefix === 'admin' ? { apiKeyScope: 'orders:read' as const } : {}
  const write = prefix === 'admin' ? { apiKeyScope: 'orders:write' as const } : {}
  const step = (
    action: 'approve' | 'reject' | 'receive',
    summary: string,
    body?: { toJSONSchema(): unknown },
    description = steps
  ) => ({
    post: {
      ...base,
      ...write,
      operationId: `${prefix}${action[0].toUpperCase()}${action.slice(1)}Return`,
      summary,
      description,
      pathParams: ['id'],
      ...(body ? { body: body.toJSONSchema() as JsonSchema } : {}),
      responses: { 200: one },
      errors: [ReturnNotFound, InvalidReturnTransition],
      errorNotes: notes,
    },
  })
  return {
    [`/api/v1/${prefix}/returns`]: {
      get: {
        ...base,
        ...read,
        operationId: `list${name}Returns`,
        summary:
          prefix === 'seller'
            ? 'The returns of the seller’s shops, newest first'
            : 'Every return, newest first',
        description: 'By `status` and `shopId`; another seller’s `shopId` gives an empty page.',
        query: returnListValidator.toJSONSchema() as JsonSchema,
        responses: { 200: { description: 'A page of returns', schema: pageOf(orderReturn) } },
      },
    },
    [`/api/v1/${prefix}/returns/{id}`]: {
      get: {
        ...base,
        ...read,
        operationId: `get${name}Return`,
        summary: 'One return',
        pathParams: ['id'],
        responses: { 200: one },
        errors: [ReturnNotFound],
        errorNotes: notes,
      },
    },
    [`/api/v1/${prefix}/returns/{id}/approve`]: step('approve', 'Approve a requested return'),
    [`/api/v1/${prefix}/returns/{id}/reject`]: step(
      'reject',
      'Reject a requested return',
      rejectReturnValidator,
      `${steps} The units are returnable again; \`note\` is mailed to the customer.`
    ),
    [`/api/v1/${prefix}/returns/{id}/receive`]: step(
      'receive',
      'Mark an approved return’s units received and refund it',
      receiveReturnValidator,
      `${steps} \`restock\` puts the units back in stock. The refund is fixed (valued after the ` +
        'returns already received, so returning everything refunds the order’s merchandise, ' +
        'discount and tax exactly) and issued through the refunds of docs/api/payments.md, never ' +
        'above what is left of the order’s paid amount: REFUNDED at once for money recorded by ' +
        'hand, else once the provider refunded. Emits `return.received`.'
    ),
  }
}

/** Returns of delivered orders: customers, sellers and admins. */
export const returnsPaths: AreaPaths = {
  '/api/v1/orders/{id}/returns': {
    get: {
      ...customer,
      operationId: 'listMyOrderReturns',
      summary: 'The returns of one of the customer’s orders, oldest first',
      pathParams: ['id'],
      responses: {
        200: { description: 'The returns', schema: { type: 'array', items: orderReturn } },
      },
      errors: [OrderNotFound],
      errorNotes: { 404: "Unknown, or another customer's order." },
    },
    post: {
      ...customer,
      operationId: 'requestReturn',
      summary: 'Ask to return units of a delivered order',
      description: requestRules,
      pathParams: ['id'],
      body: createReturnValidator.toJSONSchema() as JsonSchema,
      responses: { 201: one },
      errors: [OrderNotFound, ReturnNotAllowed, ReturnQuantityExceeded, ReturnItemNotInOrder],
      errorNotes: { 404: "Unknown, or another customer's order." },
    },
  },
  ...managedReturns('seller', {
    tags: ['Seller returns'],
    auth: 'bearer',
    roles: ['SELLER (returns of their own shops)'],
    style: 'problem',
  }),
  ...managedReturns('admin', {
    tags: ['Return administration'],
    auth: 'bearer',
    roles: ADMIN_ROLES,
    style: 'problem',
  }),
}
