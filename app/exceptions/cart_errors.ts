import { domainErrors } from '#exceptions/domain_error'

/** Refusals of the cart rules; checkout reuses the stock and availability ones. */
export const {
  CartItemNotFound,
  ProductUnavailable,
  InsufficientStock,
  CartFull,
  QuantityLimitExceeded,
} = domainErrors({
  CartItemNotFound: [404, 'CART_ITEM_NOT_FOUND', 'This product is not in your cart'],
  /**
   * The product exists but is off sale: inactive, deleted (in a cart line), its shop not approved,
   * or its seller deactivated or demoted. A conflict with the product's current state, so 409 on
   * every route (add-to-cart, cart line, summary, place-order).
   */
  ProductUnavailable: [409, 'PRODUCT_UNAVAILABLE', 'This product is no longer available'],
  InsufficientStock: [422, 'INSUFFICIENT_STOCK', 'Not enough of this product is in stock'],
  /** A new line in a cart that already holds the most lines allowed (100). */
  CartFull: [422, 'CART_FULL', 'A cart holds at most 100 different products'],
  QuantityLimitExceeded: [422, 'QUANTITY_LIMIT_EXCEEDED', 'A cart line holds at most 999 units'],
})
