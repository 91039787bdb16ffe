import { defineDomainError } from '#exceptions/domain_error'

/*
| Refusals of checkout (docs/api/checkout.md). Stock, availability and coupon refusals reuse
| the cart's and the coupons' errors, so one condition has one code everywhere.
*/

/** Unknown address, or another customer's (never revealed). */
export const ShippingAddressNotFound = defineDomainError(
  404,
  'SHIPPING_ADDRESS_NOT_FOUND',
  'Shipping address not found'
)

/** Unknown, deleted or (for customers) inactive shipping method. */
export const ShippingMethodNotFound = defineDomainError(
  404,
  'SHIPPING_METHOD_NOT_FOUND',
  'Shipping method not found'
)

/** Another live shipping method already has this name (compared case-insensitively). */
export const ShippingMethodExists = defineDomainError(
  409,
  'SHIPPING_METHOD_EXISTS',
  'A shipping method with this name already exists'
)

/** Unknown tax rate id. */
export const TaxRateNotFound = defineDomainError(404, 'TAX_RATE_NOT_FOUND', 'Tax rate not found')

/** A rate for this (country, region) already exists. */
export const TaxRateExists = defineDomainError(
  409,
  'TAX_RATE_EXISTS',
  'A tax rate for this country and region already exists'
)

/** Nothing to check out. */
export const EmptyCart = defineDomainError(422, 'EMPTY_CART', 'Your cart is empty')

/** The idempotency key was used before with a different request body. */
export const IdempotencyKeyReused = defineDomainError(
  422,
  'IDEMPOTENCY_KEY_REUSED',
  'This idempotency key was already used with a different request'
)

/** A request with this idempotency key is still being processed. */
export const IdempotencyInProgress = defineDomainError(
  409,
  'IDEMPOTENCY_IN_PROGRESS',
  'A request with this idempotency key is still being processed; retry shortly'
)

/** The cart changed while the order was being placed (another checkout of it won). */
export const CartChanged = defineDomainError(
  409,
  'CART_CHANGED',
  'Your cart changed while the order was being placed; review it and try again'
)
