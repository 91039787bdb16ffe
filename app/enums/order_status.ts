/** Life-cycle of an order: PENDING → CONFIRMED → SHIPPED → DELIVERED; PENDING or CONFIRMED → CANCELLED. */
export const ORDER_STATUSES = ['PENDING', 'CONFIRMED', 'SHIPPED', 'DELIVERED', 'CANCELLED'] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]

/** Payment: UNPAID → PAID → REFUNDED, recorded by the shop's seller or an admin. */
export const PAYMENT_STATUSES = ['UNPAID', 'PAID', 'REFUNDED'] as const
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number]

/** How the customer means to pay; no gateway is called. */
export const PAYMENT_METHODS = [
  'CREDIT_CARD',
  'DEBIT_CARD',
  'PAYPAL',
  'BANK_TRANSFER',
  'CASH_ON_DELIVERY',
] as const
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]
