/** Life-cycle of an order: PENDING → CONFIRMED → SHIPPED → DELIVERED; PENDING or CONFIRMED → CANCELLED. */
export const ORDER_STATUSES = ['PENDING', 'CONFIRMED', 'SHIPPED', 'DELIVERED', 'CANCELLED'] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]

/**
 * An order's payment, derived from its share of its checkout's payment (its own `total`) and its
 * refunds: UNPAID → PAID → PARTIALLY_REFUNDED → REFUNDED (docs/api/payments.md).
 */
export const PAYMENT_STATUSES = ['UNPAID', 'PAID', 'PARTIALLY_REFUNDED', 'REFUNDED'] as const
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number]

/** How the customer means to pay; cards may be collected online (docs/api/payments.md). */
export const PAYMENT_METHODS = [
  'CREDIT_CARD',
  'DEBIT_CARD',
  'PAYPAL',
  'BANK_TRANSFER',
  'CASH_ON_DELIVERY',
] as const
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]
