import { amount, arrayOf, instant, nullableString, objectOf, uuid } from '#openapi/json_schema'
import { ORDER_STATUSES, PAYMENT_METHODS, PAYMENT_STATUSES } from '#enums/order_status'
import { USER_TYPES } from '#enums/user_type'
import { addressFieldsSchema } from '#transformers/shipping_address_schema'

/** One entry of an order's history. */
const statusChangeSchema = objectOf({
  field: { type: 'string', enum: ['status', 'paymentStatus'] },
  from: { ...nullableString, description: 'null for the entry written at placement' },
  to: { type: 'string' },
  changedBy: { type: 'string', enum: [...USER_TYPES] },
  changedAt: instant,
})

/**
 * The response schema of `OrderTransformer` (order_transformer.ts); `statusHistory` only on the
 * single-order responses.
 */
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
        unitPrice: amount(),
        quantity: { type: 'integer', minimum: 1, maximum: 999 },
        lineTotal: amount(),
      })
    ),
    subTotal: amount(),
    shippingMethod: objectOf({ id: uuid, name: { type: 'string' } }),
    shippingCost: amount(),
    taxAmount: amount(),
    discountAmount: amount(),
    total: amount('subTotal + shippingCost + taxAmount − discountAmount'),
    couponCode: nullableString,
    currency: { type: 'string', examples: ['USD'] },
    shippingAddress: objectOf(addressFieldsSchema),
    notes: nullableString,
    createdAt: instant,
    updatedAt: instant,
    statusHistory: arrayOf(statusChangeSchema),
  },
  ['statusHistory']
)
