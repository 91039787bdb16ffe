import { arrayOf, objectOf, pageOf, type AreaPaths, type JsonSchema } from '#openapi/builders'
import { paginationValidator } from '#validators/pagination'
import {
  createShippingAddressValidator,
  updateShippingAddressValidator,
} from '#validators/shipping_address'
import {
  createShippingMethodValidator,
  updateShippingMethodValidator,
} from '#validators/shipping_method'
import { createTaxRateValidator, updateTaxRateValidator } from '#validators/tax_rate'
import { checkoutSummaryValidator, placeOrderValidator } from '#validators/checkout'
import { orderSchema } from '#openapi/orders'

const uuid: JsonSchema = { type: 'string', format: 'uuid' }
const instant: JsonSchema = { type: 'string', format: 'date-time' }
const nullableString: JsonSchema = { type: ['string', 'null'] }
const amount = (description?: string): JsonSchema => ({
  type: 'number',
  minimum: 0,
  ...(description ? { description } : {}),
})

const shippingAddress = objectOf({
  id: uuid,
  fullName: { type: 'string', maxLength: 100 },
  phone: { type: 'string', maxLength: 32 },
  line1: { type: 'string', maxLength: 200 },
  line2: nullableString,
  city: { type: 'string', maxLength: 100 },
  state: nullableString,
  postalCode: nullableString,
  country: { type: 'string', description: 'ISO 3166-1 alpha-2, upper-case' },
  isDefault: { type: 'boolean' },
  createdAt: instant,
  updatedAt: instant,
})

const shippingMethod = objectOf({
  id: uuid,
  name: { type: 'string' },
  description: nullableString,
  price: amount('Charged once per shop order'),
  estimatedDays: { type: 'integer', minimum: 0, maximum: 365 },
  isActive: { type: 'boolean' },
})

const taxRate = objectOf({
  id: uuid,
  country: { type: 'string' },
  region: { type: ['string', 'null'], description: 'Upper-case; null for the country-wide rate' },
  rate: { type: 'number', minimum: 0, maximum: 100, description: 'A percent, e.g. 8.25' },
  createdAt: instant,
  updatedAt: instant,
})

const pricedAmounts = {
  subTotal: amount('Σ unit price × quantity'),
  shippingCost: amount('The method’s price, once per shop order'),
  taxAmount: amount('Rate × (subtotal − discount), half-up per shop order; shipping untaxed'),
  discountAmount: amount('The coupon discount, split across shops by largest remainder'),
  total: amount('subTotal + shippingCost + taxAmount − discountAmount'),
  itemCount: { type: 'integer', minimum: 1 },
}

const summary = objectOf({
  ...pricedAmounts,
  currency: { type: 'string', examples: ['USD'] },
  couponCode: { type: ['string', 'null'], description: 'The coupon applied, upper-case' },
  taxRate: { type: 'number', description: 'The percent applied to the destination' },
  shippingMethod: objectOf({ id: uuid, name: { type: 'string' } }),
  orders: arrayOf(objectOf({ shopId: uuid, shopName: { type: 'string' }, ...pricedAmounts })),
})

const productUnavailable =
  'A product of the cart is off sale: inactive, deleted, its shop not approved, or its seller ' +
  'deactivated or demoted (PRODUCT_UNAVAILABLE)'
const checkoutRefusals = {
  description:
    'EMPTY_CART; INSUFFICIENT_STOCK; COUPON_NOT_FOUND (unknown, inactive ' +
    'or deleted), COUPON_NOT_STARTED, COUPON_EXPIRED, COUPON_USAGE_LIMIT_REACHED, ' +
    'COUPON_MIN_ORDER_NOT_MET',
}
const couponGuessing = {
  description:
    'More than 30 coupon codes that match no coupon in a minute, per customer or per client ' +
    'address, counted with the coupon lookup (TOO_MANY_REQUESTS)',
  headers: { 'Retry-After': 'Seconds to wait' },
}
const addressOrMethodNotFound = {
  description:
    "Unknown or another customer's address (SHIPPING_ADDRESS_NOT_FOUND); unknown, inactive or " +
    'deleted method (SHIPPING_METHOD_NOT_FOUND)',
}

const deleted = objectOf({ id: uuid, deleted: { type: 'boolean', const: true } })

const customer = {
  tags: ['Checkout'],
  auth: 'bearer' as const,
  roles: ['CUSTOMER'],
  style: 'problem' as const,
}
const admin = {
  tags: ['Checkout administration'],
  auth: 'bearer' as const,
  roles: ['ADMIN', 'SUPER_ADMIN'],
  style: 'problem' as const,
}
const unauthorized = { description: 'Missing, invalid, expired or revoked token (UNAUTHORIZED, …)' }
const notCustomer = { description: 'Not a customer (FORBIDDEN)' }
const notAdmin = { description: 'Not an admin (FORBIDDEN)' }
const invalid = { description: 'Invalid input (VALIDATION_FAILED, with per-field errors)' }
const addressNotFound = {
  description: "Unknown address, or another customer's (SHIPPING_ADDRESS_NOT_FOUND)",
}
const methodNotFound = { description: 'Unknown or deleted method (SHIPPING_METHOD_NOT_FOUND)' }
const methodExists = {
  description: 'A live method already has this name, in any case (SHIPPING_METHOD_EXISTS)',
}
const rateNotFound = { description: 'Unknown tax rate (TAX_RATE_NOT_FOUND)' }
const rateExists = {
  description: 'A rate for this country and region already exists (TAX_RATE_EXISTS)',
}
const paging = paginationValidator.toJSONSchema() as JsonSchema

/** Addresses, shipping options, summary and place-order; shipping-method and tax administration. */
export const checkoutPaths: AreaPaths = {
  '/api/v1/checkout/shipping-address': {
    post: {
      ...customer,
      summary: 'Save a shipping address',
      description: 'Setting `isDefault: true` makes it the only default address of the customer.',
      body: createShippingAddressValidator.toJSONSchema() as JsonSchema,
      responses: {
        201: { description: 'The saved address', schema: shippingAddress },
        400: invalid,
        401: unauthorized,
        403: notCustomer,
      },
    },
    get: {
      ...customer,
      summary: "The customer's saved addresses, the default first",
      query: paging,
      responses: {
        200: { description: 'A page of addresses', schema: pageOf(shippingAddress) },
        400: invalid,
        401: unauthorized,
        403: notCustomer,
      },
    },
  },
  '/api/v1/checkout/shipping-address/{id}': {
    put: {
      ...customer,
      summary: 'Change some fields of a saved address',
      description: 'Fields left out stay as they are; `null` clears an optional field.',
      pathParams: ['id'],
      body: updateShippingAddressValidator.toJSONSchema() as JsonSchema,
      responses: {
        200: { description: 'The address after the change', schema: shippingAddress },
        400: invalid,
        401: unauthorized,
        403: notCustomer,
        404: addressNotFound,
      },
    },
    delete: {
      ...customer,
      summary: 'Delete a saved address',
      description: 'Placed orders keep their own copy of the address.',
      pathParams: ['id'],
      responses: {
        200: { description: 'Deleted', schema: deleted },
        401: unauthorized,
        403: notCustomer,
        404: addressNotFound,
      },
    },
  },
  '/api/v1/checkout/shipping-method': {
    get: {
      ...customer,
      summary: 'The shipping methods a customer may choose, cheapest first',
      query: paging,
      responses: {
        200: { description: 'A page of active methods', schema: pageOf(shippingMethod) },
        400: invalid,
        401: unauthorized,
        403: notCustomer,
      },
    },
  },
  '/api/v1/checkout/summary': {
    post: {
      ...customer,
      summary: 'Price the cart without creating or changing anything',
      description:
        'Its numbers equal, to the cent, what place-order would create at the same moment. It ' +
        'never counts a coupon use nor takes stock.',
      body: checkoutSummaryValidator.toJSONSchema() as JsonSchema,
      responses: {
        200: { description: 'The price, in total and per shop order', schema: summary },
        400: invalid,
        401: unauthorized,
        403: notCustomer,
        404: addressOrMethodNotFound,
        409: { description: productUnavailable },
        422: checkoutRefusals,
        429: couponGuessing,
      },
    },
  },
  '/api/v1/checkout/place-order': {
    post: {
      ...customer,
      summary: 'Place one order per shop in the cart',
      description:
        'All or nothing, in one transaction: stock taken, coupon use counted once, orders ' +
        'written, cart emptied, mails queued. The idempotency key (body `idempotencyKey` or ' +
        'header `Idempotency-Key`, 8 to 128 of A-Z a-z 0-9 _ -) is scoped to the customer and ' +
        'kept: the same key with the same body answers the same orders again, 201 with ' +
        '`Idempotent-Replayed: true`, creating nothing.',
      body: placeOrderValidator.toJSONSchema() as JsonSchema,
      headers: [
        {
          name: 'Idempotency-Key',
          description: 'Alternative to the body field; when both are sent they must agree',
        },
      ],
      responses: {
        201: {
          description: 'The orders created (or replayed), one per shop',
          schema: arrayOf(orderSchema),
          headers: { 'Idempotent-Replayed': '`true` when an earlier request created the orders' },
        },
        400: invalid,
        401: unauthorized,
        403: notCustomer,
        404: addressOrMethodNotFound,
        409: {
          description:
            'A request with this key is still running (IDEMPOTENCY_IN_PROGRESS), the cart ' +
            `changed while the order was being placed (CART_CHANGED), or ${productUnavailable}`,
        },
        422: {
          description: `${checkoutRefusals.description}; IDEMPOTENCY_KEY_REUSED (same key, different body)`,
        },
        429: {
          description:
            `${couponGuessing.description}; more than 10 new idempotency keys in a minute per ` +
            'customer (a known key is never refused)',
          headers: couponGuessing.headers,
        },
      },
    },
  },
  '/api/v1/admin/shipping-methods': {
    get: {
      ...admin,
      summary: 'Every shipping method not deleted, active or not',
      query: paging,
      responses: {
        200: { description: 'A page of methods', schema: pageOf(shippingMethod) },
        400: invalid,
        401: unauthorized,
        403: notAdmin,
      },
    },
    post: {
      ...admin,
      summary: 'Create a shipping method',
      body: createShippingMethodValidator.toJSONSchema() as JsonSchema,
      responses: {
        201: { description: 'The new method', schema: shippingMethod },
        400: invalid,
        401: unauthorized,
        403: notAdmin,
        409: methodExists,
      },
    },
  },
  '/api/v1/admin/shipping-methods/{id}': {
    put: {
      ...admin,
      summary: 'Change some fields of a shipping method',
      description: '`isActive: false` withdraws it from customers; it can be reactivated.',
      pathParams: ['id'],
      body: updateShippingMethodValidator.toJSONSchema() as JsonSchema,
      responses: {
        200: { description: 'The method after the change', schema: shippingMethod },
        400: invalid,
        401: unauthorized,
        403: notAdmin,
        404: methodNotFound,
        409: methodExists,
      },
    },
    delete: {
      ...admin,
      summary: 'Delete a shipping method for good',
      description:
        'The row is kept for the orders that used it but disappears from every list and from ' +
        'checkout; its name may be used again.',
      pathParams: ['id'],
      responses: {
        200: { description: 'Deleted', schema: deleted },
        401: unauthorized,
        403: notAdmin,
        404: methodNotFound,
      },
    },
  },
  '/api/v1/admin/tax-rates': {
    get: {
      ...admin,
      summary: 'Every tax rate, by country then region',
      query: paging,
      responses: {
        200: { description: 'A page of rates', schema: pageOf(taxRate) },
        400: invalid,
        401: unauthorized,
        403: notAdmin,
      },
    },
    post: {
      ...admin,
      summary: 'Add a tax rate for a country or one of its regions',
      description:
        'An address is taxed at the rate of its country and region (its `state`, compared ' +
        'case-insensitively), else of its country, else at DEFAULT_TAX_RATE.',
      body: createTaxRateValidator.toJSONSchema() as JsonSchema,
      responses: {
        201: { description: 'The new rate', schema: taxRate },
        400: invalid,
        401: unauthorized,
        403: notAdmin,
        409: rateExists,
      },
    },
  },
  '/api/v1/admin/tax-rates/{id}': {
    put: {
      ...admin,
      summary: 'Change some fields of a tax rate',
      pathParams: ['id'],
      body: updateTaxRateValidator.toJSONSchema() as JsonSchema,
      responses: {
        200: { description: 'The rate after the change', schema: taxRate },
        400: invalid,
        401: unauthorized,
        403: notAdmin,
        404: rateNotFound,
        409: rateExists,
      },
    },
    delete: {
      ...admin,
      summary: 'Remove a tax rate',
      description: 'Placed orders keep the tax they were charged.',
      pathParams: ['id'],
      responses: {
        200: { description: 'Deleted', schema: deleted },
        401: unauthorized,
        403: notAdmin,
        404: rateNotFound,
      },
    },
  },
}
