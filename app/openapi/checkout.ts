import {
  arrayOf,
  deletedSchema,
  pageOf,
  ref,
  type AreaPaths,
  type JsonSchema,
} from '#openapi/builders'
import { ADMIN_ROLES, bearer } from '#openapi/audience'
import { UserType } from '#enums/user_type'
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
import { FRAMEWORK_ERROR_DEFINITIONS as known } from '#exceptions/describe_error'
import {
  CartChanged,
  EmptyCart,
  IdempotencyInProgress,
  IdempotencyKeyReused,
  ShippingAddressLimitReached,
  ShippingAddressNotFound,
  ShippingMethodExists,
  ShippingMethodNotFound,
  TaxRateExists,
  TaxRateNotFound,
} from '#exceptions/checkout_errors'
import { InsufficientStock, ProductUnavailable } from '#exceptions/cart_errors'
import { CHECKOUT_REFUSALS } from '#exceptions/coupon_errors'

/** What pricing the cart may refuse, in the summary and at placement. */
const pricingRefusals = [
  ShippingAddressNotFound,
  ShippingMethodNotFound,
  ProductUnavailable,
  EmptyCart,
  InsufficientStock,
  ...Object.values(CHECKOUT_REFUSALS),
  known.tooManyRequests,
]
const pricingNotes = {
  404: "Unknown or another customer's address; unknown, inactive or deleted method.",
  409: 'A product of the cart is off sale: inactive, deleted, its shop not approved, or its seller deactivated or demoted.',
  429: 'More than 30 coupon codes that match no coupon in a minute, per customer or per client address, counted with the coupon lookup.',
}

const customer = bearer('Checkout', [UserType.CUSTOMER], 'problem')
const admin = bearer('Checkout administration', ADMIN_ROLES, 'problem')
const paging = paginationValidator.toJSONSchema() as JsonSchema
const address = ref('ShippingAddress')
const method = ref('ShippingMethod')
const taxRate = ref('TaxRate')
const deleted = { description: 'Deleted', schema: deletedSchema }
const methodNotes = { 409: 'A live method already has this name, in any case.' }

/** Addresses, shipping options, summary and place-order; shipping-method and tax administration. */
export const checkoutPaths: AreaPaths = {
  '/api/v1/checkout/shipping-address': {
    post: {
      ...customer,
      operationId: 'createShippingAddress',
      summary: 'Save a shipping address',
      description:
        'Setting `isDefault: true` makes it the only default address of the customer. ' +
        'An account keeps at most 50 addresses.',
      body: createShippingAddressValidator.toJSONSchema() as JsonSchema,
      responses: { 201: { description: 'The saved address', schema: address } },
      errors: [ShippingAddressLimitReached],
    },
    get: {
      ...customer,
      operationId: 'listShippingAddresses',
      summary: "The customer's saved addresses, the default first",
      query: paging,
      responses: { 200: { description: 'A page of addresses', schema: pageOf(address) } },
    },
  },
  '/api/v1/checkout/shipping-address/{id}': {
    put: {
      ...customer,
      operationId: 'updateShippingAddress',
      summary: 'Change some fields of a saved address',
      description: 'Fields left out stay as they are; `null` clears an optional field.',
      pathParams: ['id'],
      body: updateShippingAddressValidator.toJSONSchema() as JsonSchema,
      responses: { 200: { description: 'The address after the change', schema: address } },
      errors: [ShippingAddressNotFound],
    },
    delete: {
      ...customer,
      operationId: 'deleteShippingAddress',
      summary: 'Delete a saved address',
      description: 'Placed orders keep their own copy of the address.',
      pathParams: ['id'],
      responses: { 200: deleted },
      errors: [ShippingAddressNotFound],
    },
  },
  '/api/v1/checkout/shipping-method': {
    get: {
      ...customer,
      operationId: 'listShippingOptions',
      summary: 'The shipping methods a customer may choose, cheapest first',
      query: paging,
      responses: { 200: { description: 'A page of active methods', schema: pageOf(method) } },
    },
  },
  '/api/v1/checkout/summary': {
    post: {
      ...customer,
      operationId: 'priceCheckout',
      summary: 'Price the cart without creating or changing anything',
      description:
        'Its numbers equal, to the cent, what place-order would create at the same moment. It ' +
        'never counts a coupon use nor takes stock.',
      body: checkoutSummaryValidator.toJSONSchema() as JsonSchema,
      responses: {
        200: {
          description: 'The price, in total and per shop order',
          schema: ref('CheckoutSummary'),
        },
      },
      errors: pricingRefusals,
      errorNotes: pricingNotes,
    },
  },
  '/api/v1/checkout/place-order': {
    post: {
      ...customer,
      operationId: 'placeOrder',
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
          schema: arrayOf(ref('Order')),
          headers: { 'Idempotent-Replayed': '`true` when an earlier request created the orders' },
        },
      },
      errors: [...pricingRefusals, IdempotencyInProgress, CartChanged, IdempotencyKeyReused],
      errorNotes: {
        ...pricingNotes,
        409: `${pricingNotes[409]} The cart changed while the order was being placed, or a request with this key is still running.`,
        429: `${pricingNotes[429]} More than 10 new idempotency keys in a minute per customer (a known key is never refused).`,
      },
    },
  },
  '/api/v1/admin/shipping-methods': {
    get: {
      ...admin,
      operationId: 'listShippingMethods',
      summary: 'Every shipping method not deleted, active or not',
      query: paging,
      responses: { 200: { description: 'A page of methods', schema: pageOf(method) } },
    },
    post: {
      ...admin,
      operationId: 'createShippingMethod',
      summary: 'Create a shipping method',
      body: createShippingMethodValidator.toJSONSchema() as JsonSchema,
      responses: { 201: { description: 'The new method', schema: method } },
      errors: [ShippingMethodExists],
      errorNotes: methodNotes,
    },
  },
  '/api/v1/admin/shipping-methods/{id}': {
    put: {
      ...admin,
      operationId: 'updateShippingMethod',
      summary: 'Change some fields of a shipping method',
      description: '`isActive: false` withdraws it from customers; it can be reactivated.',
      pathParams: ['id'],
      body: updateShippingMethodValidator.toJSONSchema() as JsonSchema,
      responses: { 200: { description: 'The method after the change', schema: method } },
      errors: [ShippingMethodNotFound, ShippingMethodExists],
      errorNotes: methodNotes,
    },
    delete: {
      ...admin,
      operationId: 'deleteShippingMethod',
      summary: 'Delete a shipping method',
      description:
        'The row is kept for the orders that used it but disappears from every list and from ' +
        'checkout; its name may be used again.',
      pathParams: ['id'],
      responses: { 200: deleted },
      errors: [ShippingMethodNotFound],
    },
  },
  '/api/v1/admin/tax-rates': {
    get: {
      ...admin,
      operationId: 'listTaxRates',
      summary: 'Every tax rate, by country then region',
      query: paging,
      responses: { 200: { description: 'A page of rates', schema: pageOf(taxRate) } },
    },
    post: {
      ...admin,
      operationId: 'createTaxRate',
      summary: 'Add a tax rate for a country or one of its regions',
      description:
        'An address is taxed at the rate of its country and region (its `state`, compared ' +
        'case-insensitively), else of its country, else at DEFAULT_TAX_RATE.',
      body: createTaxRateValidator.toJSONSchema() as JsonSchema,
      responses: { 201: { description: 'The new rate', schema: taxRate } },
      errors: [TaxRateExists],
    },
  },
  '/api/v1/admin/tax-rates/{id}': {
    put: {
      ...admin,
      operationId: 'updateTaxRate',
      summary: 'Change some fields of a tax rate',
      pathParams: ['id'],
      body: updateTaxRateValidator.toJSONSchema() as JsonSchema,
      responses: { 200: { description: 'The rate after the change', schema: taxRate } },
      errors: [TaxRateNotFound, TaxRateExists],
    },
    delete: {
      ...admin,
      operationId: 'deleteTaxRate',
      summary: 'Remove a tax rate',
      description: 'Placed orders keep the tax they were charged.',
      pathParams: ['id'],
      responses: { 200: deleted },
      errors: [TaxRateNotFound],
    },
  },
}
