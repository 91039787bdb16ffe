import { defineDomainError } from '#exceptions/domain_error'

/** Refusals of the cart rules; checkout reuses the stock and availability ones. */
export const CartItemNotFound = defineDomainError(
  404,
  'CART_ITEM_NOT_FOUND',
  'This product is not in your cart'
)
export const ProductUnavailable = defineDomainError(
  422,
  'PRODUCT_UNAVAILABLE',
  'This product is no longer available'
)
export const InsufficientStock = defineDomainError(
  422,
  'INSUFFICIENT_STOCK',
  'Not enough of this product is in stock'
)
export const QuantityLimitExceeded = defineDomainError(
  422,
  'QUANTITY_LIMIT_EXCEEDED',
  'A cart line holds at most 999 units'
)
