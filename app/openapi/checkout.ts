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
import { PaymentMethodUnavailable, PaymentProviderUnavailable } from '#exceptions/payment_errors'

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
  409: 'A product of the cart is off sale: inactive, taken down, deleted, its shop not approved, or its seller deactivated or demoted.',
  422:
    'EMPTY_CART: the cart has no line. INSUFFICIENT_STOCK: a line holds more units than the ' +
    "product's stock. COUPON_NOT_FOUND: no such code, or the coupon is inactive or deleted. " +
    "COUPON_MIN_ORDER_NOT_MET: the cart's merchandise subtotal is below the coupon's " +
    '`minOrderAmount`.',
  429:
    'More than 30 coupon codes that match no coupon in a minute, per customer or per client ' +
    'address, counted with the coupon lookup: each attempt with a code is counted before the ' +
    'code is looked up and given back once it names an existing coupon (even an expired or ' +
    'used-up one). Beyond it every attempt with a code is 429 until the minute has passed; ' +
    'requests without a code are not affected.',
}

/** What the summary and place-order check, in this order, and how they read a coupon code. */
const pricingRules =
  'Refusals are checked in this order: address, method, empty cart, availability, stock, ' +
  'coupon. `couponCode` is trimmed and looked up in any case, whatever its format; `null`, ' +
  '`""` or blank means no coupon, and a code that cannot exist is a 422 `COUPON_NOT_FOUND`, ' +
  'not a 400.'

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
        'Setting `isDefault: true` makes it the only default address of the customer: the ' +
        'previous default loses the flag in the same transaction, and two simultaneous "make ' +
        'default" requests still leave exactly one default. `country` is one of the 249 ' +
        'officially assigned ISO 3166-1 alpha-2 codes, in any case, stored upper-case (reserved ' +
        'codes such as `UK`, `EU` or `XK` are refused). An account keeps at most 50 addresses, ' +
        'counted under a lock, so parallel saves cannot pass the limit together.',
      body: createShippingAddressValidator.toJSONSchema() as JsonSchema,
      responses: { 201: { description: 'The saved address', schema: address } },
      errors: [ShippingAddressLimitReached],
    },
    get: {
      ...customer,
      operationId: 'listShippingAddresses',
      summary: "The customer's saved addresses, the default first",
      description: 'The default first, then oldest first.',
      query: paging,
      responses: { 200: { description: 'A page of addresses', schema: pageOf(address) } },
    },
  },
  '/api/v1/checkout/shipping-address/{id}': {
    put: {
      ...customer,
      operationId: 'updateShippingAddress',
      summary: 'Change some fields of a saved address',
      description:
        'Fields left out stay as they are; `null` clears an optional field (`line2`, `state`, ' +
        '`postalCode`) and is ignored for a required one. `isDefault: true` moves the default ' +
        'here; `isDefault: false` leaves the customer with no default. Placed orders keep ' +
        'their own copy of the address.',
      pathParams: ['id'],
      body: updateShippingAddressValidator.toJSONSchema() as JsonSchema,
      responses: { 200: { description: 'The address after the change', schema: address } },
      errors: [ShippingAddressNotFound],
      errorNotes: { 404: "Unknown, or another customer's address." },
    },
    delete: {
      ...customer,
      operationId: 'deleteShippingAddress',
      summary: 'Delete a saved address',
      description:
        'The row is removed; placed orders keep their own copy of the address. Deleting the ' +
        'default leaves no default.',
      pathParams: ['id'],
      responses: { 200: deleted },
      errors: [ShippingAddressNotFound],
      errorNotes: { 404: "Unknown, or another customer's address." },
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
        'Its numbers equal, to the cent, what place-order would create at the same moment: ' +
        'the coupon discount is computed once on the whole cart and split across the shop ' +
        'orders in proportion to their subtotals (largest remainder), each shop order is taxed ' +
        'on its subtotal less its share and pays the shipping once. It changes nothing, ever: no coupon ' +
        'use is counted, no stock taken, the cart is kept, no mail is written. It reads shipping ' +
        'methods and tax rates through a per-process cache (`NEAR_STATIC_CACHE_SECONDS`): a ' +
        'change made on another instance may take that long to show here; place-order always ' +
        `reads them afresh. ${pricingRules}`,
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
        'One order per shop in the cart, in cart order. All or nothing, in one transaction: ' +
        'the cart priced again with the checks of the summary, stock taken, the coupon use ' +
        'counted once for the placement, orders written (with copies of names, prices, the ' +
        'method and the address; `notes` on every order), cart emptied, mails queued. Any ' +
        'refusal or fault rolls everything back. No payment gateway is called. ' +
        `${pricingRules}\n\n` +
        'The idempotency key is required, in the body (`idempotencyKey`) or the header ' +
        '(`Idempotency-Key`), both only if equal: 8 to 128 of A-Z a-z 0-9 _ -. It is scoped to ' +
        'the customer and kept 72 hours (at least 24): the same ' +
        'key with the same body answers the same orders again, as they are now, 201 with ' +
        '`Idempotent-Replayed: true`, creating nothing. The body is compared without the key, ' +
        'after normalising it (ids lower-case, the coupon code trimmed and upper-case, notes ' +
        'trimmed), so `" tenoff "` and `"TENOFF"` are the same request. A second request with a ' +
        'key still running waits for the first, then answers as a replay, or places the orders ' +
        'itself when the first was refused. A refused or failed placement frees its key.',
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
      errors: [
        ...pricingRefusals,
        IdempotencyInProgress,
        CartChanged,
        IdempotencyKeyReused,
        PaymentMethodUnavailable,
        PaymentProviderUnavailable,
      ],
      errorNotes: {
        ...pricingNotes,
        503:
          'PAYMENT_PROVIDER_UNAVAILABLE: the card payment could not be opened at the provider; ' +
          'nothing was placed and no stock is held. Retry with the same idempotency key.',
        409:
          `${pricingNotes[409]} The same cart was placed at the same moment under another key ` +
          '(CART_CHANGED), or a claim on this key left by an earlier release of the service is ' +
          'still within its lease, during a rolling deploy (IDEMPOTENCY_IN_PROGRESS; retry ' +
          'shortly).',
        422: `${pricingNotes[422]} IDEMPOTENCY_KEY_REUSED: the key was used before with a different body. PAYMENT_METHOD_UNAVAILABLE: the payment provider does not take this method (PayPal with Stripe).`,
        429: `${pricingNotes[429]} More than 10 new idempotency keys in a minute per customer (a known key is never refused).`,
      },
    },
  },
  '/api/v1/admin/shipping-methods': {
    get: {
      ...admin,
      operationId: 'listShippingMethods',
      summary: 'Every shipping method not deleted, active or not',
      description: 'Cheapest first.',
      query: paging,
      responses: { 200: { description: 'A page of methods', schema: pageOf(method) } },
    },
    post: {
      ...admin,
      operationId: 'createShippingMethod',
      summary: 'Create a shipping method',
      description: '`isActive` defaults to true.',
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
      errorNotes: { ...methodNotes, 404: 'Unknown or deleted method.' },
    },
    delete: {
      ...admin,
      operationId: 'deleteShippingMethod',
      summary: 'Delete a shipping method',
      description:
        'It cannot be undone (deactivate a method to withdraw it for a while). The row is kept ' +
        'for the orders that used it, which keep its name and the cost they were charged, but ' +
        'it disappears from every list and from checkout and cannot be edited or deleted ' +
        'again; its name may be used again.',
      pathParams: ['id'],
      responses: { 200: deleted },
      errors: [ShippingMethodNotFound],
      errorNotes: { 404: 'Unknown or deleted method.' },
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
        '`rate` is a percent with up to three decimals (`7.125`), held exactly in thousandths ' +
        'of a percent. `country` is an assigned ISO 3166-1 alpha-2 code, as for addresses, ' +
        'stored upper-case; `region` is trimmed and upper-cased, and ' +
        'absent, `null` or `""` means the country-wide rate (shown as `region: null`). One rate ' +
        'per (country, region). An address is taxed at the rate of its country and region (its ' +
        '`state`, trimmed and compared upper-case), else of its country, else at ' +
        'DEFAULT_TAX_RATE. Changing or deleting a rate never changes placed orders.',
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
      description: '`region: null` (or `""`) makes it the country-wide rate.',
      pathParams: ['id'],
      body: updateTaxRateValidator.toJSONSchema() as JsonSchema,
      responses: { 200: { description: 'The rate after the change', schema: taxRate } },
      errors: [TaxRateNotFound, TaxRateExists],
    },
    delete: {
      ...admin,
      operationId: 'deleteTaxRate',
      summary: 'Remove a tax rate',
      description: 'A real delete. Placed orders keep the tax they were charged.',
      pathParams: ['id'],
      responses: { 200: deleted },
      errors: [TaxRateNotFound],
    },
  },
}
