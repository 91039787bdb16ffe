/**
 * The events an endpoint may subscribe to (docs/api/integrations.md, "Events"). The order events
 * are sent today; the payment, refund, return, payout and stock events are accepted in a
 * subscription so that integrators can subscribe once, and are sent by the areas that raise them.
 */
export const WEBHOOK_EVENTS = [
  'order.placed',
  'order.status_changed',
  'order.cancelled',
  'payment.captured',
  'payment.failed',
  'refund.succeeded',
  'return.requested',
  'return.received',
  'payout.created',
  'payout.paid',
  'product.low_stock',
] as const

export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number]
