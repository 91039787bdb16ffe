/**
 * The events an endpoint may subscribe to (docs/api/integrations.md, "Events"). Sent today: the
 * order events, `payment.captured`, `payment.failed`, `refund.succeeded`, the return events and
 * `product.low_stock`, each written to the outbox in the transaction of its change
 * (app/services/integrations/webhook_events.ts). The payout events are accepted in a subscription
 * so that integrators can subscribe once, and are sent by the area that raises them.
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
