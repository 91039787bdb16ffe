import { domainErrors } from '#exceptions/domain_error'

/** Refusals of refunds (docs/api/payments.md, "Refunds"). */
export const { RefundExceedsPaid, OrderNotPaid } = domainErrors({
  /** More than the order's paid amount minus what was already refunded. */
  RefundExceedsPaid: [
    422,
    'REFUND_EXCEEDS_PAID',
    'The refund is more than what is left of the order’s paid amount',
  ],
  /** Nothing was paid for the order, so nothing can go back. */
  OrderNotPaid: [422, 'ORDER_NOT_PAID', 'The order is not paid; there is nothing to refund'],
})
