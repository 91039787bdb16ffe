import { randomUUID } from 'node:crypto'
import { inject } from '@adonisjs/core'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { ModelQueryBuilderContract } from '@adonisjs/lucid/types/model'
import env from '#start/env'
import Order from '#models/order'
import OrderItem from '#models/order_item'
import OrderReturn from '#models/order_return'
import OrderReturnItem from '#models/order_return_item'
import type User from '#models/user'
import { UserType } from '#enums/user_type'
import { RETURN_SOURCES, type ReturnStatus } from '#enums/return_status'
import { OrderNotFound } from '#exceptions/order_errors'
import {
  InvalidReturnTransition,
  ReturnItemNotInOrder,
  ReturnNotAllowed,
  ReturnNotFound,
  ReturnQuantityExceeded,
} from '#exceptions/return_errors'
import { visibleTo } from '#services/orders/order_query_service'
import { returnRefund, type ReturnableOrder } from '#services/orders/return_refunds'
import { appendHistory, returnMail } from '#services/orders/return_history'
import { RefundService } from '#services/payments/refund_service'
import { StockService } from '#services/catalog/stock_service'
import { OutboxService } from '#services/mail/outbox_service'
import { AuditTrail } from '#services/admin/audit_trail_service'
import { returnEvent } from '#services/integrations/webhook_events'
import { isAdministrator } from '#policies/roles'
import { sqlTime } from '#support/sql_time'
import { pageOf, type PageRequest, type PageResult } from '#support/paging'
import type { Actor } from '#support/actor'

/** `RETURN_WINDOW_DAYS`: how many days after delivery a customer may ask to return. */
export const returnWindowDays = () => env.get('RETURN_WINDOW_DAYS', 30)

/** What a customer asks to send back. */
export interface ReturnRequestInput {
  /** Each names its order line by variant, or by product when the order has one line of it. */
  items: Array<{ productId?: string; variantId?: string; quantity: number }>
  reason: string
}

/** Filters of the return lists. */
export interface ReturnFilters {
  status?: ReturnStatus
  shopId?: string
}

type ReturnQuery = ModelQueryBuilderContract<typeof OrderReturn>

/**
 * Restricts a query to the returns `user` may see: a customer their own, a seller those of its
 * shops, an admin all; anything else is simply not found.
 */
export function returnsVisibleTo(query: ReturnQuery, user: User): ReturnQuery {
  if (user.userType === UserType.CUSTOMER) return query.where('returns.user_id', user.id)
  if (user.userType === UserType.SELLER) {
    return query.whereIn('returns.shop_id', (shops) =>
      shops.from('shops').select('shops.id').where('shops.seller_id', user.id)
    )
  }
  if (isAdministrator(user)) return query
  return query.whereRaw('1 = 0')
}

/** The order's money as the refund arithmetic takes it, its lines in order. */
function returnableOf(order: Order, items: OrderItem[]): ReturnableOrder {
  return {
    lines: items.map((item) => ({
      key: item.id,
      unitPrice: item.unitPriceCents,
      quantity: item.quantity,
    })),
    discount: order.discountAmountCents,
    tax: order.taxAmountCents,
    shipping: order.shippingCostCents,
  }
}

/**
 * Returns of delivered orders (docs/api/returns.md). The units a return holds are counted on
 * their order lines (`order_items.returned_quantity`) by a conditional raise that the column's
 * check backs, so parallel requests never take more than was bought; a rejection gives them
 * back. Receiving the units fixes the refund (app/services/orders/return_refunds.ts, valued after
 * the returns already received, under the order's row lock) and refunds it through the refund
 * service in the same transaction. Each step is in the order's history and mails the customer
 * through the outbox in the transaction of the step.
 */
@inject()
export class ReturnService {
  constructor(
    protected refunds: RefundService,
    protected stock: StockService,
    protected outbox: OutboxService,
    protected audit: AuditTrail
  ) {}

  /** The customer asks to return units of one of their delivered orders. */
  async request(actor: Actor, orderId: string, input: ReturnRequestInput): Promise<OrderReturn> {
    return db.transaction(async (trx) => {
      const order = await this.#lockOrder(trx, actor.user, orderId)
      // Nothing was received for an unpaid order (cash on delivery not yet recorded), so there
      // would be nothing to refund: its money is recorded first.
      if (order.paidAmountCents === 0 || !(await this.#withinWindow(trx, order))) {
        throw new ReturnNotAllowed()
      }
      const lines = await OrderItem.query({ client: trx })
        .where('order_id', order.id)
        .orderBy('position', 'asc')
      const wanted = input.items.map((item) => ({
        line: lineNamed(lines, item),
        quantity: item.quantity,
      }))
      if (new Set(wanted.map(({ line }) => line.id)).size !== wanted.length) {
        throw new ReturnItemNotInOrder('Each line of the order may be named once')
      }

      const before = await this.#held(trx, lines)
      for (const { line, quantity } of wanted) {
        const raised = await trx
          .from('order_items')
          .where('id', line.id)
          .whereRaw('returned_quantity + ? <= quantity', [quantity])
          .update({ returned_quantity: trx.knexRawQuery('returned_quantity + ?', [quantity]) })
        if (Number(raised) !== 1) {
          throw new ReturnQuantityExceeded(
            `At most ${line.quantity - before[lines.indexOf(line)]} of "${line.name}" can still be returned`
          )
        }
      }

      const taking = lines.map(
        (line) => wanted.find((entry) => entry.line.id === line.id)?.quantity ?? 0
      )
      const refund = returnRefund(returnableOf(order, lines), before, taking)
      const id = randomUUID()
      const created = await OrderReturn.create(
        {
          id,
          orderId: order.id,
          shopId: order.shopId,
          userId: order.userId,
          status: 'REQUESTED',
          reason: input.reason,
          decisionNote: null,
          refundAmountCents: refund.total,
          shippingRefundCents: refund.shipping,
          restocked: null,
          refundId: null,
        },
        { client: trx }
      )
      await OrderReturnItem.createMany(
        wanted.map(({ line, quantity }, position) => ({
          returnId: id,
          orderItemId: line.id,
          position: position + 1,
          productId: line.productId,
          name: line.name,
          quantity,
          refundAmountCents: refund.lines[lines.indexOf(line)],
        })),
        { client: trx }
      )
      await appendHistory(trx, order.id, actor.user, 'RETURN', null, 'REQUESTED')
      const loaded = await this.#load(trx, created.id)
      const at = DateTime.now()
      await this.outbox.enqueueAll(
        trx,
        [
          await returnMail(trx, created.id, 'REQUESTED'),
          returnEvent('return.requested', loaded, order, at),
        ],
        at
      )
      return loaded
    })
  }

  /** The returns of one order `actor` may see, oldest first; an order out of reach is a 404. */
  async listForOrder(actor: Actor, orderId: string): Promise<OrderReturn[]> {
    const order = await visibleTo(Order.query(), actor.user).where('orders.id', orderId).first()
    if (!order) throw new OrderNotFound()
    return OrderReturn.query()
      .where('order_id', order.id)
      .preload('items', (items) => items.orderBy('position', 'asc'))
      .preload('order')
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
  }

  /** The returns of an order for a page that already found it (the console), oldest first. */
  async ofOrder(orderId: string): Promise<OrderReturn[]> {
    return OrderReturn.query()
      .where('order_id', orderId)
      .preload('items', (items) => items.orderBy('position', 'asc'))
      .preload('order')
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
  }

  /** A page of the returns `actor` may see, newest first. */
  async list(
    actor: Actor,
    filters: ReturnFilters,
    page: PageRequest
  ): Promise<PageResult<OrderReturn>> {
    const query = returnsVisibleTo(OrderReturn.query(), actor.user)
    if (filters.status) query.where('returns.status', filters.status)
    if (filters.shopId) query.where('returns.shop_id', filters.shopId)
    return pageOf(query, page, (slice) => {
      slice
        .preload('items', (items) => items.orderBy('position', 'asc'))
        .preload('order')
        .orderBy('returns.created_at', 'desc')
        .orderBy('returns.id', 'asc')
    })
  }

  /** One return `actor` may see, with its items and order, or a 404. */
  async find(actor: Actor, id: string): Promise<OrderReturn> {
    const found = await returnsVisibleTo(OrderReturn.query(), actor.user)
      .where('returns.id', id)
      .preload('items', (items) => items.orderBy('position', 'asc'))
      .preload('order')
      .first()
    if (!found) throw new ReturnNotFound()
    return found
  }

  /** The shop's seller (or an admin) accepts the return: the customer may send the units. */
  async approve(actor: Actor, id: string): Promise<OrderReturn> {
    return db.transaction(async (trx) => {
      const found = await this.#step(trx, actor, id, 'APPROVED')
      await this.#announce(trx, actor, found, 'REQUESTED', 'APPROVED')
      return this.#load(trx, found.id)
    })
  }

  /** The shop's seller (or an admin) refuses the return: its units are returnable again. */
  async reject(actor: Actor, id: string, note?: string): Promise<OrderReturn> {
    return db.transaction(async (trx) => {
      const found = await this.#step(trx, actor, id, 'REJECTED', { decision_note: note ?? null })
      const items = await OrderReturnItem.query({ client: trx }).where('return_id', found.id)
      for (const item of items) {
        await trx
          .from('order_items')
          .where('id', item.orderItemId)
          .where('returned_quantity', '>=', item.quantity)
          .update({
            returned_quantity: trx.knexRawQuery('returned_quantity - ?', [item.quantity]),
          })
      }
      await this.#announce(trx, actor, found, 'REQUESTED', 'REJECTED')
      return this.#load(trx, found.id)
    })
  }

  /**
   * The units of an approved return are back: they go back in stock when `restock` says so, the
   * refund is fixed and issued through the refund service (never above what is left of the
   * order's paid amount), and the return is REFUNDED at once when that refund succeeded (money
   * recorded by hand), else when its provider confirms it.
   */
  async receive(actor: Actor, id: string, restock: boolean): Promise<OrderReturn> {
    return db.transaction(async (trx) => {
      const found = await this.#step(trx, actor, id, 'RECEIVED', { restocked: restock })
      const order = await this.#lockOrderById(trx, found.orderId)
      const lines = await OrderItem.query({ client: trx })
        .where('order_id', order.id)
        .orderBy('position', 'asc')
      const items = await OrderReturnItem.query({ client: trx })
        .where('return_id', found.id)
        .orderBy('position', 'asc')

      // Valued after the returns already received: under the order's lock, their units are
      // settled, so the refunds of every received return telescope to the order's amounts.
      const received = await trx
        .from('return_items')
        .join('returns', 'returns.id', 'return_items.return_id')
        .where('returns.order_id', order.id)
        .whereIn('returns.status', ['RECEIVED', 'REFUNDED'])
        .whereNot('returns.id', found.id)
        .groupBy('return_items.order_item_id')
        .select('return_items.order_item_id as lineId')
        .sum('return_items.quantity as units')
      const before = lines.map((line) =>
        Number(received.find((row) => row.lineId === line.id)?.units ?? 0)
      )
      const taking = lines.map(
        (line) => items.find((item) => item.orderItemId === line.id)?.quantity ?? 0
      )
      const refund = returnRefund(returnableOf(order, lines), before, taking)
      for (const item of items) {
        await trx
          .from('return_items')
          .where('id', item.id)
          .update({
            refund_amount_cents: refund.lines[lines.findIndex((l) => l.id === item.orderItemId)],
          })
      }
      if (restock) {
        await this.stock.restore(
          items.map((item) => ({
            variantId: lines.find((line) => line.id === item.orderItemId)!.variantId,
            quantity: item.quantity,
            name: item.name,
          })),
          trx
        )
      }

      const left = order.paidAmountCents - order.refundedAmountCents
      const amount = Math.min(refund.total, Math.max(left, 0))
      let refundId: string | null = null
      let settled = amount === 0
      if (amount > 0) {
        const issued = await this.refunds.issue(
          trx,
          order,
          { amountCents: amount, reason: `Return of order ${order.orderNumber}` },
          actor.user.id
        )
        refundId = issued.refund.id
        settled = issued.refund.status === 'SUCCEEDED'
        await appendHistory(trx, order.id, actor.user, 'PAYMENT_STATUS', issued.from, issued.to)
      }
      await trx
        .from('returns')
        .where('id', found.id)
        .update({
          refund_amount_cents: amount,
          shipping_refund_cents: Math.min(refund.shipping, amount),
          refund_id: refundId,
          updated_at: sqlTime(undefined, trx),
        })
      await appendHistory(trx, order.id, actor.user, 'RETURN', 'APPROVED', 'RECEIVED')
      await this.#audited(trx, actor, found, 'APPROVED', 'RECEIVED')
      const at = DateTime.now()
      const receivedReturn = await this.#load(trx, found.id)
      await this.outbox.enqueueAll(
        trx,
        [
          await returnMail(trx, found.id, settled ? 'REFUNDED' : 'RECEIVED'),
          returnEvent('return.received', receivedReturn, order, at),
        ],
        at
      )
      if (settled) {
        await trx
          .from('returns')
          .where('id', found.id)
          .where('status', 'RECEIVED')
          .update({ status: 'REFUNDED', updated_at: sqlTime(undefined, trx) })
        await appendHistory(trx, order.id, actor.user, 'RETURN', 'RECEIVED', 'REFUNDED')
      }
      return this.#load(trx, found.id)
    })
  }

  /**
   * Moves a return `actor` may act on (the seller its shops', an admin any) to `to` from the one
   * status it is reached from, by a conditional update under the order's row lock: of two
   * concurrent steps only one applies, the other is a 409.
   */
  async #step(
    trx: TransactionClientContract,
    actor: Actor,
    id: string,
    to: ReturnStatus,
    extra: Record<string, unknown> = {}
  ): Promise<OrderReturn> {
    const found = await returnsVisibleTo(OrderReturn.query({ client: trx }), actor.user)
      .where('returns.id', id)
      .first()
    if (!found || actor.user.userType === UserType.CUSTOMER) throw new ReturnNotFound()
    // The order's row first, as every writer of an order and its lines takes it (a request, a
    // refund, a cancellation), so that no two of them wait on each other's rows.
    await this.#lockOrderById(trx, found.orderId)
    const from = RETURN_SOURCES[to]
    const changed = await trx
      .from('returns')
      .where('id', found.id)
      .where('status', from!)
      .update({ status: to, ...extra, updated_at: sqlTime(undefined, trx) })
    if (Number(changed) !== 1) {
      throw new InvalidReturnTransition(`The return cannot become ${to} from ${found.status}`)
    }
    return found
  }

  /** The history entry, the audit entry (an admin's step) and the mail of a decision. */
  async #announce(
    trx: TransactionClientContract,
    actor: Actor,
    found: OrderReturn,
    from: ReturnStatus,
    to: ReturnStatus
  ) {
    await trx
      .from('orders')
      .where('id', found.orderId)
      .update({ updated_at: sqlTime(undefined, trx) })
    await appendHistory(trx, found.orderId, actor.user, 'RETURN', from, to)
    await this.#audited(trx, actor, found, from, to)
    await this.outbox.enqueueAll(trx, [await returnMail(trx, found.id, to)], DateTime.now())
  }

  /** An administrator's step also goes into the audit trail; a seller's is in the history. */
  async #audited(
    trx: TransactionClientContract,
    actor: Actor,
    found: OrderReturn,
    from: ReturnStatus,
    to: ReturnStatus
  ) {
    if (!isAdministrator(actor.user)) return
    await this.audit.record(trx, {
      actor,
      action: 'order.return_changed',
      targetType: 'order',
      targetId: found.orderId,
      before: { returnId: found.id, status: from },
      after: { returnId: found.id, status: to },
    })
  }

  /** Whether the order is delivered and its delivery is at most RETURN_WINDOW_DAYS ago. */
  async #withinWindow(trx: TransactionClientContract, order: Order): Promise<boolean> {
    if (order.status !== 'DELIVERED') return false
    const opened = DateTime.now().minus({ days: returnWindowDays() })
    const delivered = await trx
      .from('order_status_history')
      .where('order_id', order.id)
      .where('field', 'STATUS')
      .where('to_value', 'DELIVERED')
      .where('created_at', '>=', sqlTime(opened, trx, 'down'))
      .select('id')
      .first()
    return Boolean(delivered)
  }

  /** The units of each line held by returns not rejected, as counted on the lines. */
  async #held(trx: TransactionClientContract, lines: OrderItem[]): Promise<number[]> {
    const rows = await trx
      .from('order_items')
      .whereIn(
        'id',
        lines.map((line) => line.id)
      )
      .select('id', 'returned_quantity')
    return lines.map((line) =>
      Number(rows.find((row) => row.id === line.id)?.returned_quantity ?? 0)
    )
  }

  /**
   * The customer's order, locked (FOR UPDATE on PostgreSQL; SQLite serialises writers) so that a
   * cancellation or another return of it waits for this one.
   */
  async #lockOrder(trx: TransactionClientContract, user: User, orderId: string): Promise<Order> {
    const query = visibleTo(Order.query({ client: trx }), user).where('orders.id', orderId)
    if (trx.dialect.name === 'postgres') query.forUpdate()
    const order = await query.first()
    if (!order) throw new OrderNotFound()
    return order
  }

  async #lockOrderById(trx: TransactionClientContract, orderId: string): Promise<Order> {
    const query = Order.query({ client: trx }).where('id', orderId)
    if (trx.dialect.name === 'postgres') query.forUpdate()
    return query.firstOrFail()
  }

  async #load(trx: TransactionClientContract, id: string): Promise<OrderReturn> {
    return OrderReturn.query({ client: trx })
      .where('id', id)
      .preload('items', (items) => items.orderBy('position', 'asc'))
      .preload('order')
      .firstOrFail()
  }
}

/**
 * The order line a return item names: by its variant, or by its product when the order holds
 * exactly one line of that product (always so for products without options, whose one variant
 * has the product's id).
 */
function lineNamed(
  lines: OrderItem[],
  item: { productId?: string; variantId?: string }
): OrderItem {
  const matching = item.variantId
    ? lines.filter((line) => line.variantId === item.variantId)
    : lines.filter((line) => line.productId === item.productId)
  if (matching.length === 1) return matching[0]
  if (matching.length > 1) {
    throw new ReturnItemNotInOrder(
      `The order has several variants of product ${item.productId}: name the variantId`
    )
  }
  const named = item.variantId ? `variant ${item.variantId}` : `product ${item.productId}`
  throw new ReturnItemNotInOrder(`The order has no line of ${named}`)
}
