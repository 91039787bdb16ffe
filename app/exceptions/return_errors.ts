import { domainErrors } from '#exceptions/domain_error'

/** Refusals of returns (docs/api/returns.md). */
export const {
  ReturnNotFound,
  ReturnNotAllowed,
  ReturnQuantityExceeded,
  ReturnItemNotInOrder,
  InvalidReturnTransition,
} = domainErrors({
  /** Unknown return, or one the caller may not see (never revealed). */
  ReturnNotFound: [404, 'RETURN_NOT_FOUND', 'Return not found'],
  /** The order is not paid or not delivered, or its return window has closed. */
  ReturnNotAllowed: [
    422,
    'RETURN_NOT_ALLOWED',
    'The order can be returned only once paid and delivered, and within the return window',
  ],
  /** More units than were bought minus what earlier returns (not rejected) took. */
  ReturnQuantityExceeded: [
    422,
    'RETURN_QUANTITY_EXCEEDED',
    'More units than are left to return of this order',
  ],
  /** A product the order does not contain. */
  ReturnItemNotInOrder: [422, 'RETURN_ITEM_NOT_IN_ORDER', 'The order has no line of this product'],
  /** The return's status does not allow this step (or it changed meanwhile). */
  InvalidReturnTransition: [
    409,
    'INVALID_RETURN_TRANSITION',
    'The return cannot take this step from its current status',
  ],
})
