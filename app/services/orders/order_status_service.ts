import { DateTime } from 'luxon'
import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Order from '#models/order'
import {
  ORDER_STATUSES,
  PAYMENT_STATUSES,
  type OrderStatus,
  type PaymentStatus,
} from '#enums/order_status'
import Checkout from '#models/checkout'
import OrderItem from '#models/order_item'
import OrderStatusHistory, { type OrderStateField } from '#models/order_status_history'
import type User from '#models/user'
import {
  InvalidPaymentStatusTransition,
  InvalidStatusTransition,
  OrderNotFound,
} from '#exceptions/order_errors'
import {
  PaymentCollectedOnline,
  PaymentNotCaptured,
  PaymentRecordedByAdmin,
} from '#exceptions/payment_errors'
import { PaymentService } from '#services/payments/payment_service'
import { OrderQueryService, visibleTo } from '#services/orders/order_query_service'
import { CouponUsageService } from '#services/coupons/coupon_usage_service'
import { StockService } from '#services/catalog/stock_service'
import { sqlTime } from '#support/sql_time'
import { AuditTrail } from '#services/admin/audit_trail_service'
import { OutboxService } from '#services/mail/outbox_service'
import { orderEvent } from '#services/integrations/webhook_events'
import type { PaymentMailPayload } from '#mails/payment_received_mail'
import { isAdministrator } from '#policies/roles'
import type { Actor } from '#support/actor'
import { OrderLedger } from '#services/ledger/order_ledger'

/** The shipment a move to SHIPPED may carry (docs/api/returns.md); read on no other move. */
export interface ShipmentInput {
  carrier?: string
  trackingNumber?: string
  trackingUrl?: string
}

/** The order steps the customer is mailed about (docs/api/returns.md, "Mail"). */
const MAILED_STEPS: ReadonlySet<OrderStatus> = new Set(['SHIPPED', 'DELIVERED', 'CANCELLED'])

/** Enough rounds for every forward step of both state machines. */
const MAX_TRANSITION_ROUNDS = 8

/**
 * The order state machine: for each target status, the statuses it may be reached from.
 * PENDING → CONFIRMED → SHIPPED → DELIVERED; PENDING or CONFIRMED → CANCELLED; nothing else,
 * and nothing leaves CANCELLED or DELIVERED.
 */
export const STATUS_SOURCES: Record<OrderStatus, readonly OrderStatus[]> = {
  PENDING: [],
  CONFIRMED: ['PENDING'],
  SHIPPED: ['CONFIRMED'],
  DELIVERED: ['SHIPPED'],
  CANCELLED: ['PENDING', 'CONFIRMED'],
}

/**
 * What may be recorded by hand: UNPAID → PAID while the order is not cancelled. Refunds are never
 * recorded here (PARTIALLY_REFUNDED and REFUNDED come from refunds), and a card payment collected
 * online is recorded by its capture only (docs/api/payments.md).
 */
export const PAYMENT_RULES: Record<
  PaymentStatus,
  { from: readonly PaymentStatus[]; whileStatus: readonly OrderStatus[] }
> = {
  UNPAID: { from: [], whileStatus: [] },
  PAID: { from: ['UNPAID'], whileStatus: ['PENDING', 'CONFIRMED', 'SHIPPED', 'DELIVERED'] },
  PARTIALLY_REFUNDED: { from: [], whileStatus: [] },
  REFUNDED: { from: [], whileStatus: [] },
}

/** Who wrote a history entry: a user, or the service itself (a capture, an expiry). */
export type HistoryActor = Pick<User, 'id' | 'userType'> | typeof SYSTEM_ACTOR

/** The author of the changes the service makes on its own: no account. */
export const SYSTEM_ACTOR = { id: null, userType: 'SYSTEM' } as const

/** The statuses the order may move to from where it is (the console offers exactly these). */
export function allowedStatusChanges(order: Pick<Order, 'status'>): OrderStatus[] {
  return ORDER_STATUSES.filter((to) => STATUS_SOURCES[to].includes(order.status))
}

/** The payment statuses the order's payment may move to from where it is. */
export function allowedPaymentChanges(
  order: Pick<Order, 'status' | 'paymentStatus'>
): PaymentStatus[] {
  return PAYMENT_STATUSES.filter(
    (to) =>
      PAYMENT_RULES[to].from.includes(order.paymentStatus) &&
      PAYMENT_RULES[to].whileStatus.includes(order.status)
  )
}

/**
 * Status and payment changes of placed orders. Each change is a conditional update on the state
 * it replaces, so of two concurrent changes of one order only one applies and the other is
 * judged against the new state (a second cancel gets a 409). Cancelling restores the stock of the order's items and, when it is the last
 * open order of its checkout, gives the coupon use back, all in the same transaction.
 */
@inject()
export class OrderStatusService {
  constructor(
    protected orders: OrderQueryService,
    protected coupons: CouponUsageService,
    protected stock: StockService,
    protected audit: AuditTrail,
    protected outbox: OutboxService,
    protected payments: PaymentService,
    protected orderLedger: OrderLedger
  ) {}

  /** A customer cancels one of their orders. */
  async cancel(actor: Actor, orderId: string): Promise<Order> {
    return this.changeStatus(actor, orderId, 'CANCELLED')
  }

  /**
   * Moves an order along the state machine, within the orders `actor` may see (a customer its
   * own, a seller its shops'). Which user types may ask for which change is decided by the route's
   * Bouncer check: customers reach only `cancel`.
   */
  async changeStatus(
    actor: Actor,
    orderId: string,
    to: OrderStatus,
    shipment: ShipmentInput = {}
  ): Promise<Order> {
    return db.transaction(async (trx) => {
      const { order, from } = await this.#transition(actor.user, orderId, trx, async (current) => {
        if (!allowedStatusChanges(current).includes(to)) {
          throw new InvalidStatusTransition(`The order cannot become ${to} from ${current.status}`)
        }
        // Goods leave only once a card payment collected online is in: until then the payment
        // may still expire, and an expiry cancels the order (docs/api/payments.md).
        if (to === 'SHIPPED' && current.paymentStatus === 'UNPAID') {
          if (await this.payments.collectedOnline(trx, current.checkoutId)) {
            throw new PaymentNotCaptured()
          }
        }
        const now = sqlTime(undefined, trx)
        return trx
          .from('orders')
          .where('id', current.id)
          .where('status', current.status)
          .update({
            status: to,
            updated_at: now,
            ...(to === 'SHIPPED'
              ? {
                  shipment_carrier: shipment.carrier || null,
                  shipment_tracking_number: shipment.trackingNumber || null,
                  shipment_tracking_url: shipment.trackingUrl || null,
                  shipped_at: now,
                }
              : {}),
          })
      })
      if (to === 'CANCELLED') await this.#undoPlacement(order, trx)
      await this.#record(trx, order, actor.user, 'STATUS', from.status, to)
      // A card payment already captured for the order goes back in full.
      const refunded =
        to === 'CANCELLED' && (await this.payments.refundCancelledOrder(trx, order.id))
      if (refunded) {
        await this.#record(trx, order, SYSTEM_ACTOR, 'PAYMENT_STATUS', refunded.from, refunded.to)
      }
      await this.#audit(trx, order, actor, 'STATUS', from.status, to)
      const changed = await this.orders.find(actor, order.id, { client: trx })
      await this.#statusEvents(trx, [{ order: changed, previousStatus: from.status }])
      return changed
    })
  }

  /**
   * Records money received by hand for an order `actor` may see; only the seller and admin
   * routes, whose Bouncer checks refuse customers, lead here. Cash on delivery is recorded by the
   * order's seller or an admin, every other offline method by an admin; a card payment collected
   * online never is (its capture records it). The checkout's payment counts the money.
   */
  async changePaymentStatus(actor: Actor, orderId: string, to: PaymentStatus): Promise<Order> {
    return db.transaction(async (trx) => {
      const { order, from } = await this.#transition(actor.user, orderId, trx, async (current) => {
        if (!allowedPaymentChanges(current).includes(to)) {
          throw new InvalidPaymentStatusTransition(
            `The payment of a ${current.status} order cannot become ${to} from ${current.paymentStatus}`
          )
        }
        if (await this.payments.collectedOnline(trx, current.checkoutId)) {
          throw new PaymentCollectedOnline()
        }
        if (current.paymentMethod !== 'CASH_ON_DELIVERY' && !isAdministrator(actor.user)) {
          throw new PaymentRecordedByAdmin()
        }
        return trx
          .from('orders')
          .where('id', current.id)
          .where('status', current.status)
          .where('payment_status', current.paymentStatus)
          .update({
            payment_status: to,
            paid_amount_cents: trx.knexRawQuery('total_cents'),
            updated_at: sqlTime(undefined, trx),
          })
      })
      await this.payments.recordManualPayment(trx, order.checkoutId, order.totalCents)
      // The seller's earning, and for cash on delivery the cash the seller now holds, whoever
      // records it: the one who delivered collected it (docs/api/ledger.md).
      await this.orderLedger.earned(trx, [order])
      if (order.paymentMethod === 'CASH_ON_DELIVERY') {
        await this.orderLedger.cashCollected(trx, order, actor.user.id)
      }
      await this.#record(trx, order, actor.user, 'PAYMENT_STATUS', from.paymentStatus, to)
      await this.#audit(trx, order, actor, 'PAYMENT_STATUS', from.paymentStatus, to)
      // The customer hears the order is paid, as after a card capture (docs/api/returns.md, "Mail").
      const customer = await trx.from('users').where('id', order.userId).select('email').first()
      const paid: PaymentMailPayload = {
        email: customer.email,
        checkoutId: order.checkoutId,
        amountCents: order.totalCents,
        currency: order.currency,
        orderNumbers: [order.orderNumber],
      }
      await this.outbox.enqueueAll(
        trx,
        [{ kind: 'payment_received', payload: { ...paid } }],
        DateTime.now()
      )
      return this.orders.find(actor, order.id, { client: trx })
    })
  }

  /**
   * Cancels, inside `trx`, every order of a checkout that can still be cancelled, exactly as a
   * customer's cancellation does (stock back, the coupon use back with the last one), recorded as
   * the service's own change: the expiry of an unpaid card payment, or its cancellation at the
   * provider. Each order cancelled sends `order.status_changed` and `order.cancelled` as a
   * customer's cancellation does. The caller holds the checkout's orders locked and has already closed its payment.
   */
  async cancelCheckoutOrders(trx: TransactionClientContract, checkoutId: string) {
    const orders = await Order.query({ client: trx })
      .where('checkout_id', checkoutId)
      .whereIn('status', [...STATUS_SOURCES.CANCELLED])
      .orderBy('position', 'asc')
    const previous = new Map<string, OrderStatus>()
    for (const order of orders) {
      const cancelled = await trx
        .from('orders')
        .where('id', order.id)
        .where('status', order.status)
        .update({ status: 'CANCELLED', updated_at: sqlTime(undefined, trx) })
      if (Number(cancelled) !== 1) continue
      await this.#undoPlacement(order, trx)
      await this.#record(trx, order, SYSTEM_ACTOR, 'STATUS', order.status, 'CANCELLED')
      previous.set(order.id, order.status)
    }
    if (previous.size === 0) return
    // The orders as they now are, for their events: the same events as a customer's cancellation.
    const cancelled = await Order.query({ client: trx })
      .whereIn('id', [...previous.keys()])
      .orderBy('position', 'asc')
    await this.#statusEvents(
      trx,
      cancelled.map((order) => ({ order, previousStatus: previous.get(order.id)! }))
    )
  }

  /**
   * Appends a history entry for a change the service made on its own inside `trx` (the capture
   * of a payment), after the order row changed.
   */
  async recordSystemChange(
    trx: TransactionClientContract,
    order: Order,
    field: OrderStateField,
    from: string,
    to: string
  ) {
    await this.#record(trx, order, SYSTEM_ACTOR, field, from, to)
  }

  /**
   * Reads the order and applies `change`, a conditional update on the state just read (or a
   * refusal). When another request changed the order in between, the update matches no row and
   * the order is read again, so the change is judged, and recorded, against the state it really
   * replaced. The state machines only move forward, so this ends within a few rounds.
   */
  async #transition(
    actor: User,
    orderId: string,
    trx: TransactionClientContract,
    change: (current: Order) => Promise<unknown> | unknown
  ): Promise<{ order: Order; from: { status: OrderStatus; paymentStatus: PaymentStatus } }> {
    for (let round = 1; round <= MAX_TRANSITION_ROUNDS; round++) {
      const current = await this.#visible(actor, orderId, trx)
      if (Number(await change(current)) === 1) {
        return {
          order: current,
          from: { status: current.status, paymentStatus: current.paymentStatus },
        }
      }
    }
    throw new InvalidStatusTransition('The order kept changing; try again')
  }

  async #visible(actor: User, orderId: string, trx: TransactionClientContract): Promise<Order> {
    const order = await visibleTo(Order.query({ client: trx }), actor)
      .where('orders.id', orderId)
      .first()
    if (!order) throw new OrderNotFound()
    return order
  }

  /**
   * Puts the items back in stock (through the stock service, which takes and restores in one
   * product order) and closes the order in its checkout. The conditional decrement of the
   * checkout's open-order count serialises the cancellations of one checkout's orders: exactly
   * one of them brings it to zero and gives the coupon use back.
   */
  async #undoPlacement(order: Order, trx: TransactionClientContract) {
    const items = await OrderItem.query({ client: trx }).where('order_id', order.id)
    await this.stock.restore(items, trx)

    await trx
      .from('checkouts')
      .where('id', order.checkoutId)
      .where('open_order_count', '>', 0)
      .update({
        open_order_count: trx.knexRawQuery('open_order_count - 1'),
        updated_at: sqlTime(undefined, trx),
      })
    const checkout = await Checkout.findOrFail(order.checkoutId, { client: trx })
    if (checkout.openOrderCount === 0 && checkout.couponId) {
      await this.coupons.releaseUse(checkout.couponId, trx)
    }
    // Nothing left to pay for: a payment still waiting is cancelled (its intent too).
    if (checkout.openOrderCount === 0) await this.payments.closeCheckout(trx, checkout.id)
  }

  /**
   * The webhook events of status changes, written in `trx` in one insert (a change that rolls
   * back sends nothing): `order.status_changed` for each order, then `order.cancelled` for a
   * cancelled one, a millisecond later so that receivers get it after the change it follows.
   * Changes of `paymentStatus` alone (a capture, money recorded by hand, a refund) send no
   * `order.status_changed`: the payment's own events say them. A move to SHIPPED (with its
   * tracking), DELIVERED or CANCELLED also mails the customer, in the same insert.
   */
  async #statusEvents(
    trx: TransactionClientContract,
    changes: Array<{ order: Order; previousStatus: OrderStatus }>
  ) {
    const at = DateTime.now()
    const events = changes.flatMap(({ order, previousStatus }) => {
      const previous = { previousStatus }
      return [
        orderEvent('order.status_changed', order, at, previous),
        ...(order.status === 'CANCELLED'
          ? [orderEvent('order.cancelled', order, at.plus({ milliseconds: 1 }), previous)]
          : []),
      ]
    })
    const mailed = changes.filter(({ order }) => MAILED_STEPS.has(order.status))
    const customers =
      mailed.length === 0
        ? []
        : await trx
            .from('users')
            .whereIn(
              'id',
              mailed.map(({ order }) => order.userId)
            )
            .select('id', 'email')
    const mails = mailed.map(({ order }) => ({
      kind: 'order_update' as const,
      payload: {
        email: customers.find((customer) => customer.id === order.userId)?.email,
        orderNumber: order.orderNumber,
        shopName: order.shopName,
        step: order.status,
        shipment:
          order.status === 'SHIPPED'
            ? {
                carrier: order.shipmentCarrier,
                trackingNumber: order.shipmentTrackingNumber,
                trackingUrl: order.shipmentTrackingUrl,
              }
            : null,
        refundedCents: order.refundedAmountCents,
        currency: order.currency,
      },
    }))
    await this.outbox.enqueueAll(trx, [...events, ...mails], at)
  }

  /** Appends a history entry; the order row changed first, so no other writer is numbering. */
  async #record(
    trx: TransactionClientContract,
    order: Order,
    actor: HistoryActor,
    field: OrderStateField,
    from: string,
    to: string
  ) {
    const [last] = await trx
      .from('order_status_history')
      .where('order_id', order.id)
      .max('sequence as sequence')
    await OrderStatusHistory.create(
      {
        orderId: order.id,
        sequence: Number(last?.sequence ?? 0) + 1,
        field,
        fromValue: from,
        toValue: to,
        actorId: actor.id,
        actorType: actor.userType,
      },
      { client: trx }
    )
  }

  /**
   * An administrator's change also goes into the audit trail. Sellers' and customers' changes
   * are not administrative: the order's own history keeps them.
   */
  async #audit(
    trx: TransactionClientContract,
    order: Order,
    actor: Actor,
    field: OrderStateField,
    from: string,
    to: string
  ) {
    if (!isAdministrator(actor.user)) return
    const key = field === 'STATUS' ? 'status' : 'paymentStatus'
    await this.audit.record(trx, {
      actor,
      action: field === 'STATUS' ? 'order.status_changed' : 'order.payment_changed',
      targetType: 'order',
      targetId: order.id,
      before: { [key]: from },
      after: { [key]: to },
    })
  }
}
