import { arrayOf, objectOf, type AreaPaths, type JsonSchema } from '#openapi/builders'
import { ORDER_STATUSES, PAYMENT_METHODS, PAYMENT_STATUSES } from '#models/order'

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

/** Orders after placement: customers, sellers and admins. */
export const ordersPaths: AreaPaths = {}
