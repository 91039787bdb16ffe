/**
 * A checkout's payment (docs/api/payments.md): PENDING while it waits for the customer (a card
 * payment until its capture, an offline one until the money is recorded by hand), CAPTURED once
 * the money is in, FAILED when the customer's attempt was declined (a retry makes it PENDING
 * again), CANCELLED when it expired or every order was cancelled first, PARTIALLY_REFUNDED and
 * REFUNDED as money goes back.
 */
export const PAYMENT_RECORD_STATUSES = [
  'PENDING',
  'CAPTURED',
  'FAILED',
  'CANCELLED',
  'PARTIALLY_REFUNDED',
  'REFUNDED',
] as const
export type PaymentRecordStatus = (typeof PAYMENT_RECORD_STATUSES)[number]

/** Who collects a payment: `manual` (recorded by hand) or the configured online provider. */
export const PAYMENT_PROVIDERS = ['manual', 'stripe'] as const
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number]

/**
 * A refund of an order (docs/api/payments.md, "Refunds"): PENDING while the provider is asked
 * through the outbox, SUCCEEDED once it refunded (a manual refund at once), FAILED when the
 * outbox gave up, the amount then refundable again.
 */
export const REFUND_STATUSES = ['PENDING', 'SUCCEEDED', 'FAILED'] as const
export type RefundStatus = (typeof REFUND_STATUSES)[number]
