import { inject } from '@adonisjs/core'
import type Order from '#models/order'
import type { OrderStatus, PaymentStatus } from '#enums/order_status'
import type { Actor } from '#support/actor'
import type Shop from '#models/shop'
import { OrderQueryService, type OrderFilters } from '#services/orders/order_query_service'
import { allowedPaymentChanges, allowedStatusChanges } from '#services/orders/order_status_service'
import { ShopService } from '#services/catalog/shop_service'
import type { PageRequest } from '#support/paging'
import type AdminAction from '#models/admin_action'
import { AuditTrail } from '#services/admin/audit_trail_service'
import Payment from '#models/payment'
import type Refund from '#models/refund'
import { RefundService } from '#services/payments/refund_service'
import type OrderReturn from '#models/order_return'
import { ReturnService } from '#services/orders/return_service'

/** The most shops the order filter offers by name. */
const SHOP_CHOICES = 100

/** An order and the e-mail of the customer who placed it. */
export interface OrderRow {
  order: Order
  customerEmail: string | null
}

/** One order with everything its console page shows and offers. */
export interface OrderDetail extends OrderRow {
  /** E-mails of the accounts in the order's history, by id. */
  actorEmails: Map<string, string>
  /** The statuses `OrderStatusService.changeStatus` would accept now. */
  nextStatuses: OrderStatus[]
  /** The payment statuses `OrderStatusService.changePaymentStatus` would accept now. */
  nextPaymentStatuses: PaymentStatus[]
  /** The audit trail entries about the order, newest first; null when not asked for. */
  activity: AdminAction[] | null
  /** The payment of the order's checkout (none for an order placed before payments). */
  payment: Payment | null
  /** The order's refunds, oldest first. */
  refunds: Refund[]
  /** The order's returns, oldest first (docs/api/returns.md). */
  returns: OrderReturn[]
  /** Cents that may still be refunded: paid minus refunded. */
  refundableCents: number
}

/** The most audit entries an order's page lists. */
const ORDER_ACTIVITY = 50

/**
 * The console's view of orders, read through `OrderQueryService` as the acting admin, with the
 * e-mails of the people involved. Changes go through `OrderStatusService`; the transitions it
 * offers are read from that service's own tables.
 */
@inject()
export class OrderDirectoryService {
  constructor(
    protected orders: OrderQueryService,
    protected shops: ShopService,
    protected audit: AuditTrail,
    protected refunds: RefundService,
    protected returns: ReturnService
  ) {}

  /** A page of orders matching the filters, newest first. */
  async list(
    actor: Actor,
    filters: OrderFilters,
    page: PageRequest
  ): Promise<{ rows: OrderRow[]; total: number }> {
    const { items, total } = await this.orders.list(actor, filters, page, { withPeople: true })
    return {
      rows: items.map((order) => ({ order, customerEmail: order.user?.email ?? null })),
      total,
    }
  }

  /**
   * One order with its history and the changes it allows, and its audit entries when asked by a
   * reader allowed the audit trail; 404 when unknown.
   */
  async detail(actor: Actor, id: string, { withActivity = false } = {}): Promise<OrderDetail> {
    const order = await this.orders.find(actor, id, { withPeople: true })
    const activity = withActivity
      ? await this.audit.list(
          { targetType: 'order', targetId: order.id },
          { limit: ORDER_ACTIVITY, offset: 0 }
        )
      : null
    const actors = order.statusHistory.flatMap((entry) => (entry.actor ? [entry.actor] : []))
    const [payment, refunds, returns] = await Promise.all([
      Payment.query().where('checkout_id', order.checkoutId).first(),
      this.refunds.ofOrder(order.id),
      this.returns.ofOrder(order.id),
    ])
    return {
      payment,
      refunds,
      returns,
      refundableCents: order.paidAmountCents - order.refundedAmountCents,
      order,
      customerEmail: order.user?.email ?? null,
      actorEmails: new Map(actors.map((user) => [user.id, user.email])),
      nextStatuses: allowedStatusChanges(order),
      nextPaymentStatuses: allowedPaymentChanges(order),
      activity: activity?.items ?? null,
    }
  }

  /** The shops the order filter offers, by name (the most recent ones when there are many). */
  async shopChoices(): Promise<Shop[]> {
    const { items } = await this.shops.listAll({}, { limit: SHOP_CHOICES, offset: 0 })
    return items.sort((a, b) => a.name.localeCompare(b.name))
  }
}
