import { domainErrors } from '#exceptions/domain_error'

/*
| Refusals of checkout (docs/api/checkout.md). Stock, availability and coupon refusals reuse
| the cart's and the coupons' errors, so one condition has one code everywhere.
*/
export const {
  ShippingAddressNotFound,
  ShippingAddressLimitReached,
  ShippingMethodNotFound,
  ShippingMethodExists,
  TaxRateNotFound,
  TaxRateExists,
  EmptyCart,
  IdempotencyKeyReused,
  IdempotencyInProgress,
  CartChanged,
} = domainErrors({
  /** Unknown address, or another customer's (never revealed). */
  ShippingAddressNotFound: [404, 'SHIPPING_ADDRESS_NOT_FOUND', 'Shipping address not found'],
  /** The customer already keeps as many addresses as one account may (`MAX_SHIPPING_ADDRESSES`). */
  ShippingAddressLimitReached: [
    422,
    'SHIPPING_ADDRESS_LIMIT_REACHED',
    'An account keeps at most 50 shipping addresses; delete one first',
  ],
  /** Unknown, deleted or (for customers) inactive shipping method. */
  ShippingMethodNotFound: [404, 'SHIPPING_METHOD_NOT_FOUND', 'Shipping method not found'],
  /** Another live shipping method already has this name (compared case-insensitively). */
  ShippingMethodExists: [
    409,
    'SHIPPING_METHOD_EXISTS',
    'A shipping method with this name already exists',
  ],
  /** Unknown tax rate id. */
  TaxRateNotFound: [404, 'TAX_RATE_NOT_FOUND', 'Tax rate not found'],
  /** A rate for this (country, region) already exists. */
  TaxRateExists: [409, 'TAX_RATE_EXISTS', 'A tax rate for this country and region already exists'],
  /** Nothing to check out. */
  EmptyCart: [422, 'EMPTY_CART', 'Your cart is empty'],
  /** The idempotency key was used before with a different request body. */
  IdempotencyKeyReused: [
    422,
    'IDEMPOTENCY_KEY_REUSED',
    'This idempotency key was already used with a different request',
  ],
  /** A request with this idempotency key is still being processed. */
  IdempotencyInProgress: [
    409,
    'IDEMPOTENCY_IN_PROGRESS',
    'A request with this idempotency key is still being processed; retry shortly',
  ],
  /** The cart changed while the order was being placed (another checkout of it won). */
  CartChanged: [
    409,
    'CART_CHANGED',
    'Your cart changed while the order was being placed; review it and try again',
  ],
})
