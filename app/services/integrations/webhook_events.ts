import type { DateTime } from 'luxon'
import type Order from '#models/order'
import type Payment from '#models/payment'
import type Refund from '#models/refund'
import type OrderReturn from '#models/order_return'
import type Payout from '#models/payout'
import type { WebhookEventType } from '#enums/webhook_event'

/** The outbox kind of a webhook event: the worker fans it out to the subscribed endpoints. */
export const WEBHOOK_EVENT_KIND = 'webhook_event'

/** A webhook event as the outbox stores it, written in the transaction of the change. */
export interface WebhookEventPayload {
  type: WebhookEventType
  /** `order:<id>`: the events of one resource reach an endpoint in the order they happened. */
  resource: string
  /** ISO instant of the change, with milliseconds. */
  occurredAt: string
  data: Record<string, unknown>
}

/** An outbox entry for `OutboxService.enqueueWrite` or `enqueue`. */
export interface WebhookOutboxEntry {
  kind: typeof WEBHOOK_EVENT_KIND
  payload: WebhookEventPayload & Record<string, unknown>
}

/** The outbox entry of an event of `type` about `resource`, which orders its deliveries. */
function webhookEntry(
  type: WebhookEventType,
  resource: string,
  occurredAt: DateTime,
  data: Record<string, unknown>
): WebhookOutboxEntry {
  return {
    kind: WEBHOOK_EVENT_KIND,
    payload: { type, resource, occurredAt: occurredAt.toUTC().toISO()!, data },
  }
}

/** What an order event carries: the order's state at the change, amounts in minor units. */
export function orderEventData(order: Order) {
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    checkoutId: order.checkoutId,
    shopId: order.shopId,
    customerId: order.userId,
    status: order.status,
    paymentStatus: order.paymentStatus,
    paymentMethod: order.paymentMethod,
    currency: order.currency,
    subTotalCents: order.subTotalCents,
    shippingCostCents: order.shippingCostCents,
    taxAmountCents: order.taxAmountCents,
    discountAmountCents: order.discountAmountCents,
    totalCents: order.totalCents,
    createdAt: order.createdAt.toUTC().toISO(),
  }
}

/** The outbox entry of an event about `order`. */
export function orderEvent(
  type: WebhookEventType,
  order: Order,
  occurredAt: DateTime,
  extra: Record<string, unknown> = {}
): WebhookOutboxEntry {
  return webhookEntry(type, `order:${order.id}`, occurredAt, { ...orderEventData(order), ...extra })
}

/** The payment columns a payment event carries (a `Payment` model, or a row read with it). */
export type PaymentEventSource = Pick<
  Payment,
  | 'id'
  | 'checkoutId'
  | 'userId'
  | 'provider'
  | 'method'
  | 'status'
  | 'amountCents'
  | 'capturedAmountCents'
  | 'refundedAmountCents'
  | 'currency'
>

/** What a payment event carries: the checkout's payment at the change, amounts in minor units. */
export function paymentEventData(payment: PaymentEventSource) {
  return {
    id: payment.id,
    checkoutId: payment.checkoutId,
    customerId: payment.userId,
    provider: payment.provider,
    method: payment.method,
    status: payment.status,
    currency: payment.currency,
    amountCents: payment.amountCents,
    capturedAmountCents: payment.capturedAmountCents,
    refundedAmountCents: payment.refundedAmountCents,
  }
}

/**
 * The outbox entry of an event about the payment of a checkout. The resource is the checkout
 * (`checkout:<id>`): a checkout has one payment, and its events reach an endpoint in order.
 */
export function paymentEvent(
  type: Extract<WebhookEventType, 'payment.captured' | 'payment.failed'>,
  payment: PaymentEventSource,
  occurredAt: DateTime
): WebhookOutboxEntry {
  return webhookEntry(type, `checkout:${payment.checkoutId}`, occurredAt, paymentEventData(payment))
}

/** A product whose stock just went from above the low-stock threshold to at or below it. */
export interface LowStockCrossing {
  productId: string
  variantId: string
  shopId: string
  name: string
  sku: string
  stock: number
}

/**
 * The outbox entry of `product.low_stock`: `stock` is what was left right after the change that
 * crossed `threshold` (`store.lowStockThreshold`, the console's "Low stock" tile too).
 */
export function lowStockEvent(
  crossing: LowStockCrossing,
  threshold: number,
  occurredAt: DateTime
): WebhookOutboxEntry {
  return webhookEntry('product.low_stock', `product:${crossing.productId}`, occurredAt, {
    id: crossing.productId,
    variantId: crossing.variantId,
    shopId: crossing.shopId,
    name: crossing.name,
    sku: crossing.sku,
    stock: crossing.stock,
    threshold,
  })
}

/** What a refund event carries: the refund and the order it gave money back for, in minor units. */
export function refundEventData(refund: Refund, order: Order) {
  return {
    id: refund.id,
    orderId: order.id,
    orderNumber: order.orderNumber,
    paymentId: refund.paymentId,
    amountCents: refund.amountCents,
    currency: order.currency,
    reason: refund.reason,
    status: refund.status,
    provider: refund.provider,
    orderRefundedAmountCents: order.refundedAmountCents,
    orderPaymentStatus: order.paymentStatus,
    createdAt: refund.createdAt.toUTC().toISO(),
  }
}

/**
 * The outbox entry of an event about a refund of `order`. Its resource is the order, so an
 * endpoint gets it in order with the order's own events.
 */
export function refundEvent(
  type: WebhookEventType,
  refund: Refund,
  order: Order,
  occurredAt: DateTime
): WebhookOutboxEntry {
  return webhookEntry(type, `order:${order.id}`, occurredAt, refundEventData(refund, order))
}

/** The return columns a return event carries. */
export type ReturnEventSource = Pick<
  OrderReturn,
  'id' | 'orderId' | 'shopId' | 'userId' | 'status' | 'reason' | 'refundAmountCents' | 'restocked'
> & { items: Array<{ productId: string; quantity: number; refundAmountCents: number }> }

/**
 * The outbox entry of `return.requested` or `return.received` (docs/api/returns.md). Its
 * resource is the order, so an endpoint gets it in order with the order's own events.
 */
export function returnEvent(
  type: Extract<WebhookEventType, 'return.requested' | 'return.received'>,
  source: ReturnEventSource,
  order: Pick<Order, 'id' | 'orderNumber' | 'currency'>,
  occurredAt: DateTime
): WebhookOutboxEntry {
  return webhookEntry(type, `order:${order.id}`, occurredAt, {
    id: source.id,
    orderId: order.id,
    orderNumber: order.orderNumber,
    shopId: source.shopId,
    customerId: source.userId,
    status: source.status,
    reason: source.reason,
    currency: order.currency,
    refundAmountCents: source.refundAmountCents,
    restocked: source.restocked,
    items: source.items.map((item) => ({
      productId: item.productId,
      quantity: item.quantity,
      refundAmountCents: item.refundAmountCents,
    })),
  })
}

/**
 * The outbox entry of `payout.created` or `payout.paid` (docs/api/payouts.md). Its resource is
 * the shop, so an endpoint gets a shop's payout events in the order they happened.
 */
export function payoutEvent(
  type: Extract<WebhookEventType, 'payout.created' | 'payout.paid'>,
  payout: Payout,
  occurredAt: DateTime
): WebhookOutboxEntry {
  return webhookEntry(type, `shop:${payout.shopId}`, occurredAt, {
    id: payout.id,
    shopId: payout.shopId,
    amountCents: payout.amountCents,
    currency: payout.currency,
    status: payout.status,
    provider: payout.provider,
    reference: payout.reference,
    createdAt: payout.createdAt.toUTC().toISO(),
    paidAt: payout.paidAt?.toUTC().toISO() ?? null,
  })
}
