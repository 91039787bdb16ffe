import { domainErrors } from '#exceptions/domain_error'

/** Refusals of the order rules after placement (docs/api/checkout.md). */
export const { OrderNotFound, InvalidStatusTransition, InvalidPaymentStatusTransition } =
  domainErrors({
    /** Unknown order, or one the caller may not see (never revealed). */
    OrderNotFound: [404, 'ORDER_NOT_FOUND', 'Order not found'],
    /** The order's status does not allow this change (or it changed meanwhile). */
    InvalidStatusTransition: [
      409,
      'INVALID_STATUS_TRANSITION',
      'The order cannot move to this status from its current status',
    ],
    /** The order's payment status, or its status, does not allow this payment change. */
    InvalidPaymentStatusTransition: [
      409,
      'INVALID_PAYMENT_STATUS_TRANSITION',
      'The payment status cannot change this way for this order',
    ],
  })
