import { randomUUID } from 'node:crypto'
import { inject } from '@adonisjs/core'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Order from '#models/order'
import Payment from '#models/payment'
import Refund from '#models/refund'
import OrderStatusHistory from '#models/order_status_history'
import type { PaymentStatus } from '#enums/order_status'
import { OrderNotFound } from '#exceptions/order_errors'
import { OrderNotPaid, RefundExceedsPaid } from '#exceptions/refund_errors'
import { OutboxService } from '#services/mail/outbox_service'
import { AuditTrail } from '#services/admin/audit_trail_service'
import { visibleTo } from '#services/orders/order_query_service'
import { refundEvent } from '#services/integrations/webhook_events'
import { returnRefundSucceeded } from '#services/orders/return_history'
import type { RefundMailPayload } from '#mails/refund_issued_mail'
import { sqlTime } from '#support/sql_time'
import { OrderLedger } from '#services/ledger/order_ledger'
import type { Actor } from '#support/actor'

/** An order's payment status from what it was paid and given back. */
function paymentStatusOf(paid: number, refunded: number): PaymentStatus {
  if (paid === 0) return 'UNPAID'
  if (refunded === 0) return 'PAID'
  return refunded < paid ? 'PARTIALLY_REFUNDED' : 'REFUNDED'
}

/** A payment's status once `refunded` of its captured money went back. */
const PAYMENT_STATUS_AFTER_REFUND =
  "case when refunded_amount_cents = 0 then 'CAPTURED' " +
  "when refunded_amount_cents < captured_amount_cents then 'PARTIALLY_REFUNDED' " +
  "else 'REFUNDED' end"

/** What a refund asks for, in integer cents. */
export interface RefundInput {
  amountCents: number
  reason: string
}

/** A refund written inside a transaction, and the order's payment status it moved. */
export interface IssuedRefund {
  refund: Refund
  order: Order
  from: PaymentStatus
  to: PaymentStatus
}

/**
 * Refunds of orders (docs/api/payments.md, "Refunds"): an append-only ledger row per refund, the
 * order's and the payment's running refunded amounts raised in the same transaction by a
 * conditional update (refunded + amount ≤ paid) that the orders' CHECK backs, so no number of
 * parallel refunds gets past what was paid. A refund at an online provider is sent by the outbox
 * under the refund's id as idempotency key and becomes SUCCEEDED when that call succeeds
 * (`succeed`), or FAILED, its amount refundable again, when the outbox gives up (`fail`); a
 * manual refund is SUCCEEDED at once. Every success mails the customer and emits
 * `refund.succeeded` in the transaction that records it.
 */
@inject()
export class RefundService {
  constructor(
    protected outbox: OutboxService,
    protected audit: AuditTrail,
    protected orderLedger: OrderLedger
  ) {}

  /** The refunds of an order `actor` may see, oldest first; another shop's order is a 404. */
  async listFor(actor: Actor, orderId: string): Promise<Refund[]> {
    const order = await visibleTo(Order.query(), actor.user).where('orders.id', orderId).first()
    if (!order) throw new OrderNotFound()
    return Refund.query().where('order_id', order.id).orderBy('position', 'asc')
  }

  /** The refunds of an order, oldest first, for a page that already found it (the console). */
  async ofOrder(orderId: string): Promise<Refund[]> {
    return Refund.query().where('order_id', orderId).orderBy('position', 'asc')
  }

  /**
   * Refunds `input.amountCents` of an order `actor` may see (an admin any, a seller its shops'):
   * recorded in the order's history and the audit trail, sent to the provider through the
   * outbox (or SUCCEEDED at once for money recorded by hand).
   */
  async create(actor: Actor, orderId: string, input: RefundInput): Promise<Refund> {
    return db.transaction(async (trx) => {
      const query = visibleTo(Order.query({ client: trx }), actor.user).where('orders.id', orderId)
      if (trx.dialect.name === 'postgres') query.forUpdate()
      const order = await query.first()
      if (!order) throw new OrderNotFound()
      if (order.paidAmountCents === 0) throw new OrderNotPaid()
      const issued = await this.issue(trx, order, input, actor.user.id)
      await this.#record(trx, order.id, actor.user, issued.from, issued.to)
      await this.audit.record(trx, {
        actor,
        action: 'order.refunded',
        targetType: 'order',
        targetId: order.id,
        before: { refundedAmountCents: order.refundedAmountCents, paymentStatus: issued.from },
        after: {
          refundedAmountCents: issued.order.refundedAmountCents,
          paymentStatus: issued.to,
          refundId: issued.refund.id,
          amountCents: input.amountCents,
          reason: input.reason,
        },
      })
      return issued.refund
    })
  }

  /**
   * Inside the caller's transaction: refunds what is left of a cancelled order's paid amount, in
   * full (the cancellation records the history). Answers null when nothing is left to refund.
   */
  async refundCancelledOrder(
    trx: TransactionClientContract,
    orderId: string
  ): Promise<IssuedRefund | null> {
    const order = await Order.query({ client: trx }).where('id', orderId).firstOrFail()
    const left = order.paidAmountCents - order.refundedAmountCents
    if (left <= 0) return null
    return this.issue(trx, order, { amountCents: left, reason: 'Order cancelled' }, null)
  }

  /**
   * Writes one refund of `order` inside `trx`: the conditional raise of the order's refunded
   * amount (refused with REFUND_EXCEEDS_PAID past its paid amount), the payment's, the ledger
   * row, and the provider call or, for money recorded by hand, the success.
   */
  async issue(
    trx: TransactionClientContract,
    order: Order,
    input: RefundInput,
    createdBy: string | null
  ): Promise<IssuedRefund> {
    const now = sqlTime(undefined, trx)
    const raised = await trx
      .from('orders')
      .where('id', order.id)
      .where('paid_amount_cents', '>', 0)
      .whereRaw('refunded_amount_cents + ? <= paid_amount_cents', [input.amountCents])
      .update({
        refunded_amount_cents: trx.knexRawQuery('refunded_amount_cents + ?', [input.amountCents]),
        updated_at: now,
      })
    if (Number(raised) !== 1) throw new RefundExceedsPaid()
    const current = await Order.query({ client: trx }).where('id', order.id).firstOrFail()
    const from = order.paymentStatus
    const to = paymentStatusOf(current.paidAmountCents, current.refundedAmountCents)
    await trx.from('orders').where('id', order.id).update({ payment_status: to })
    current.paymentStatus = to

    const payment = await Payment.query({ client: trx })
      .where('checkout_id', order.checkoutId)
      .first()
    if (payment) {
      await trx
        .from('payments')
        .where('id', payment.id)
        .update({
          refunded_amount_cents: trx.knexRawQuery(
            'case when refunded_amount_cents + ? > captured_amount_cents then captured_amount_cents else refunded_amount_cents + ? end',
            [input.amountCents, input.amountCents]
          ),
          updated_at: now,
        })
      await trx
        .from('payments')
        .where('id', payment.id)
        .whereIn('status', ['CAPTURED', 'PARTIALLY_REFUNDED', 'REFUNDED'])
        .update({ status: trx.knexRawQuery(PAYMENT_STATUS_AFTER_REFUND) })
    }
    const online = payment && payment.provider !== 'manual' && payment.providerPaymentId
    // The order row changed above, so no other refund of it is numbering until this commits.
    const [last] = await trx.from('refunds').where('order_id', order.id).max('position as position')
    const refund = await Refund.create(
      {
        id: randomUUID(),
        orderId: order.id,
        position: Number(last?.position ?? 0) + 1,
        paymentId: payment?.id ?? null,
        amountCents: input.amountCents,
        reason: input.reason,
        status: online ? 'PENDING' : 'SUCCEEDED',
        provider: payment?.provider ?? 'manual',
        providerRefundId: null,
        createdBy,
      },
      { client: trx }
    )
    if (online) {
      await this.outbox.enqueueWrite(
        trx,
        [
          {
            kind: 'payment_refund',
            payload: {
              intentId: payment.providerPaymentId!,
              amount: input.amountCents,
              idempotencyKey: refund.id,
              refundId: refund.id,
            },
          },
        ],
        DateTime.now()
      ).statement
    } else {
      await this.#announce(trx, refund, current)
      await this.orderLedger.refunded(trx, current, refund)
    }
    return { refund, order: current, from, to }
  }

  /**
   * The provider refunded: a PENDING refund becomes SUCCEEDED (a repeat changes nothing), the
   * customer is mailed and `refund.succeeded` emitted, in one transaction.
   */
  async succeed(refundId: string, providerRefundId: string | null) {
    await db.transaction(async (trx) => {
      // The order's row first, as every refund takes it: its ledger share reads what the
      // order's other refunds settled, so two successes of one order split one after the other.
      const pending = await Refund.query({ client: trx }).where('id', refundId).first()
      if (!pending) return
      const lock = trx.from('orders').where('id', pending.orderId).select('id')
      if (trx.dialect.name === 'postgres') lock.forUpdate()
      await lock
      const changed = await trx
        .from('refunds')
        .where('id', refundId)
        .where('status', 'PENDING')
        .update({
          status: 'SUCCEEDED',
          provider_refund_id: providerRefundId,
          updated_at: sqlTime(undefined, trx),
        })
      if (Number(changed) !== 1) return
      const refund = await Refund.findOrFail(refundId, { client: trx })
      const order = await Order.findOrFail(refund.orderId, { client: trx })
      await this.#announce(trx, refund, order)
      await this.orderLedger.refunded(trx, order, refund)
      await returnRefundSucceeded(trx, this.outbox, refund.id)
    })
  }

  /** Whether the refund is still waiting for its provider call (a FAILED one is never sent). */
  async isPending(refundId: string): Promise<boolean> {
    const row = await db.from('refunds').where('id', refundId).select('status').first()
    return row?.status === 'PENDING'
  }

  /**
   * The outbox gave up on the provider call: a PENDING refund becomes FAILED and its amount is
   * refundable again (the order's and the payment's refunded amounts lowered back).
   */
  async fail(refundId: string) {
    await db.transaction(async (trx) => {
      const refund = await Refund.query({ client: trx }).where('id', refundId).first()
      if (!refund) return
      const lock = trx.from('orders').where('id', refund.orderId).select('id')
      if (trx.dialect.name === 'postgres') lock.forUpdate()
      await lock
      const changed = await trx
        .from('refunds')
        .where('id', refundId)
        .where('status', 'PENDING')
        .update({ status: 'FAILED', updated_at: sqlTime(undefined, trx) })
      if (Number(changed) !== 1) return
      const now = sqlTime(undefined, trx)
      await trx
        .from('orders')
        .where('id', refund.orderId)
        .update({
          refunded_amount_cents: trx.knexRawQuery('refunded_amount_cents - ?', [
            refund.amountCents,
          ]),
          updated_at: now,
        })
      const order = await Order.findOrFail(refund.orderId, { client: trx })
      const to = paymentStatusOf(order.paidAmountCents, order.refundedAmountCents)
      await trx.from('orders').where('id', order.id).update({ payment_status: to })
      if (refund.paymentId) {
        await trx
          .from('payments')
          .where('id', refund.paymentId)
          .where('refunded_amount_cents', '>=', refund.amountCents)
          .update({
            refunded_amount_cents: trx.knexRawQuery('refunded_amount_cents - ?', [
              refund.amountCents,
            ]),
            updated_at: now,
          })
        await trx
          .from('payments')
          .where('id', refund.paymentId)
          .whereIn('status', ['CAPTURED', 'PARTIALLY_REFUNDED', 'REFUNDED'])
          .update({ status: trx.knexRawQuery(PAYMENT_STATUS_AFTER_REFUND) })
      }
      await this.#record(trx, order.id, null, order.paymentStatus, to)
    })
  }

  /** The mail to the customer and the `refund.succeeded` event of a refund that succeeded. */
  async #announce(trx: TransactionClientContract, refund: Refund, order: Order) {
    const customer = await trx.from('users').where('id', order.userId).select('email').first()
    const payload: RefundMailPayload = {
      email: customer.email,
      orderNumber: order.orderNumber,
      amountCents: refund.amountCents,
      currency: order.currency,
    }
    const at = DateTime.now()
    await this.outbox.enqueueAll(
      trx,
      [
        { kind: 'refund_issued', payload: { ...payload } },
        refundEvent('refund.succeeded', refund, order, at),
      ],
      at
    )
  }

  /**
   * Appends the refund to the order's history as a payment status entry (its status before and
   * after: a second partial refund reads PARTIALLY_REFUNDED → PARTIALLY_REFUNDED), by `actor` or
   * the service itself (null).
   */
  async #record(
    trx: TransactionClientContract,
    orderId: string,
    actor: { id: string; userType: string } | null,
    from: string,
    to: string
  ) {
    const [last] = await trx
      .from('order_status_history')
      .where('order_id', orderId)
      .max('sequence as sequence')
    await OrderStatusHistory.create(
      {
        orderId,
        sequence: Number(last?.sequence ?? 0) + 1,
        field: 'PAYMENT_STATUS',
        fromValue: from,
        toValue: to,
        actorId: actor?.id ?? null,
        actorType: (actor?.userType ?? 'SYSTEM') as OrderStatusHistory['actorType'],
      },
      { client: trx }
    )
  }
}
