import { inject } from '@adonisjs/core'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Order from '#models/order'
import Payment from '#models/payment'
import type { PaymentStatus } from '#enums/order_status'
import { OrderStatusService } from '#services/orders/order_status_service'
import { PaymentService } from '#services/payments/payment_service'
import { OutboxService } from '#services/mail/outbox_service'
import type { PaymentMailPayload } from '#mails/payment_received_mail'
import { sqlTime } from '#support/sql_time'
import { paymentEvent } from '#services/integrations/webhook_events'
import { DateTime } from 'luxon'
import { OrderLedger } from '#services/ledger/order_ledger'

/**
 * Locks the orders of a checkout, in position order, for the rest of `trx`. Every change of a
 * card payment takes the same locks in the same order as a customer's cancellation (orders, then
 * the checkout, then the payment), so a capture, an expiry and a cancellation of one checkout
 * wait for each other instead of deadlocking. SQLite runs one writer at a time anyway.
 */
export async function lockOrdersOf(trx: TransactionClientContract, checkoutId: string) {
  const query = trx.from('orders').where('checkout_id', checkoutId).orderBy('position').select('id')
  if (trx.dialect.name === 'postgres') query.forUpdate()
  await query
}

/** An order's payment status from what it was paid and given back. */
export function orderPaymentStatus(paid: number, refunded: number): PaymentStatus {
  if (paid === 0) return 'UNPAID'
  if (refunded === 0) return 'PAID'
  return refunded < paid ? 'PARTIALLY_REFUNDED' : 'REFUNDED'
}

/**
 * What a provider's word does to a checkout, inside the caller's transaction: a capture pays the
 * orders still open (and gives back at once the share of any cancelled meanwhile), an expiry or a
 * cancellation at the provider cancels the orders as a customer would, and a capture that comes
 * after that is refunded in full. Each step is a conditional update of the payment on the state
 * it replaces, under the checkout's order locks, so of any interleaving exactly one outcome wins.
 */
@inject()
export class PaymentSettlement {
  constructor(
    protected statuses: OrderStatusService,
    protected payments: PaymentService,
    protected outbox: OutboxService,
    protected orderLedger: OrderLedger
  ) {}

  /**
   * The capture of `intentId` for `payment`. Answers what it did: `captured` (orders paid),
   * `refunded` (the checkout was already cancelled: the whole amount goes back) or `unchanged`
   * (already captured: a repeat).
   */
  async capture(
    trx: TransactionClientContract,
    payment: Payment,
    intentId: string,
    amount: number
  ): Promise<'captured' | 'refunded' | 'unchanged'> {
    await lockOrdersOf(trx, payment.checkoutId)
    const now = sqlTime(undefined, trx)
    const captured = await trx
      .from('payments')
      .where('id', payment.id)
      .where('provider_payment_id', intentId)
      .whereIn('status', ['PENDING', 'FAILED'])
      .update({
        status: 'CAPTURED',
        captured_amount_cents: payment.amountCents,
        client_secret: null,
        updated_at: now,
      })
    if (Number(captured) === 1) {
      await this.#payOrders(trx, payment, intentId)
      await this.#paymentEvent(trx, 'payment.captured', payment.id)
      return 'captured'
    }
    // The checkout was cancelled first (expiry, the customer, the provider): nothing is kept.
    const lateAmount = Math.min(amount || payment.amountCents, payment.amountCents)
    const refunded = await trx
      .from('payments')
      .where('id', payment.id)
      .where('status', 'CANCELLED')
      .where('captured_amount_cents', 0)
      .update({
        status: 'REFUNDED',
        captured_amount_cents: lateAmount,
        refunded_amount_cents: lateAmount,
        updated_at: now,
      })
    if (Number(refunded) !== 1) return 'unchanged'
    await this.payments.enqueueRefund(trx, {
      intentId,
      amount: lateAmount,
      idempotencyKey: `late-capture-${intentId}`,
    })
    await this.#mail(trx, 'payment_refunded', payment, lateAmount)
    return 'refunded'
  }

  /**
   * The provider's word that the attempt `intentId` failed: only a payment still PENDING on that
   * intent becomes FAILED (one captured or cancelled meanwhile is left alone), and only that
   * change sends `payment.failed`. Answers whether it changed the payment.
   */
  async fail(trx: TransactionClientContract, payment: Payment, intentId: string) {
    const failed = await trx
      .from('payments')
      .where('id', payment.id)
      .where('provider_payment_id', intentId)
      .where('status', 'PENDING')
      .update({ status: 'FAILED', updated_at: sqlTime(undefined, trx) })
    if (Number(failed) !== 1) return false
    await this.#paymentEvent(trx, 'payment.failed', payment.id)
    return true
  }

  /**
   * A capture of an intent the payment no longer holds (one replaced by a retry): the money is
   * not wanted, so all of it goes back.
   */
  async refundStray(trx: TransactionClientContract, intentId: string, amount: number) {
    if (amount <= 0) return
    await this.payments.enqueueRefund(trx, {
      intentId,
      amount,
      idempotencyKey: `stray-capture-${intentId}`,
    })
  }

  /**
   * Cancels a checkout whose payment is still waiting: the payment CANCELLED (only from PENDING or
   * FAILED, so a capture that came first wins), its orders cancelled with stock and coupon use
   * given back, and, when `cancelAtProvider`, its intent cancelled through the outbox. Answers
   * whether this call cancelled it.
   */
  async cancelWaiting(
    trx: TransactionClientContract,
    payment: Payment,
    options: { onlyIfExpired: boolean; cancelAtProvider: boolean }
  ): Promise<boolean> {
    await lockOrdersOf(trx, payment.checkoutId)
    const query = trx
      .from('payments')
      .where('id', payment.id)
      .whereIn('status', ['PENDING', 'FAILED'])
    if (options.onlyIfExpired) query.where('expires_at', '<=', sqlTime(undefined, trx))
    const cancelled = await query.update({
      status: 'CANCELLED',
      client_secret: null,
      updated_at: sqlTime(undefined, trx),
    })
    if (Number(cancelled) !== 1) return false
    await this.statuses.cancelCheckoutOrders(trx, payment.checkoutId)
    if (options.cancelAtProvider && payment.providerPaymentId) {
      await this.payments.enqueueCancel(trx, payment.providerPaymentId)
    }
    return true
  }

  /**
   * Reconciles the refunds the provider reports for a captured payment (`refundedTotal`, all of
   * them so far, made here or in the provider's dashboard): the payment and its orders show what
   * went back, the orders' shares taken in checkout order. Only ever raises the amounts.
   */
  async reconcileRefunds(trx: TransactionClientContract, payment: Payment, refundedTotal: number) {
    await lockOrdersOf(trx, payment.checkoutId)
    const current = await Payment.query({ client: trx }).where('id', payment.id).firstOrFail()
    const total = Math.min(refundedTotal, current.capturedAmountCents)
    if (total <= current.refundedAmountCents) return
    if (!['CAPTURED', 'PARTIALLY_REFUNDED'].includes(current.status)) return
    const now = sqlTime(undefined, trx)
    await trx
      .from('payments')
      .where('id', current.id)
      .update({
        refunded_amount_cents: total,
        status: total < current.capturedAmountCents ? 'PARTIALLY_REFUNDED' : 'REFUNDED',
        updated_at: now,
      })
    const orders = await Order.query({ client: trx })
      .where('checkout_id', payment.checkoutId)
      .orderBy('position', 'asc')
    let left = total
    for (const order of orders) {
      const share = Math.min(left, order.paidAmountCents)
      left -= share
      if (share <= order.refundedAmountCents) continue
      const to = orderPaymentStatus(order.paidAmountCents, share)
      await trx
        .from('orders')
        .where('id', order.id)
        .update({ refunded_amount_cents: share, payment_status: to, updated_at: now })
      // Refunded at the provider, outside the service: no refund row, but the seller's share.
      await this.orderLedger.refunded(trx, order, {
        id: null,
        amountCents: share - order.refundedAmountCents,
      })
      if (to !== order.paymentStatus) {
        await this.statuses.recordSystemChange(
          trx,
          order,
          'PAYMENT_STATUS',
          order.paymentStatus,
          to
        )
      }
    }
  }

  /** The orders still open become PAID; the share of those cancelled meanwhile goes back. */
  async #payOrders(trx: TransactionClientContract, payment: Payment, intentId: string) {
    const orders = await Order.query({ client: trx })
      .where('checkout_id', payment.checkoutId)
      .orderBy('position', 'asc')
    const now = sqlTime(undefined, trx)
    const open = orders.filter((order) => order.status !== 'CANCELLED')
    for (const order of open) {
      await trx
        .from('orders')
        .where('id', order.id)
        .update({ payment_status: 'PAID', paid_amount_cents: order.totalCents, updated_at: now })
      await this.orderLedger.earned(trx, [order])
      await this.statuses.recordSystemChange(
        trx,
        order,
        'PAYMENT_STATUS',
        order.paymentStatus,
        'PAID'
      )
    }
    const unwanted = orders
      .filter((order) => order.status === 'CANCELLED')
      .reduce((sum, order) => sum + order.totalCents, 0)
    if (unwanted > 0) {
      await trx
        .from('payments')
        .where('id', payment.id)
        .update({ refunded_amount_cents: unwanted, status: 'PARTIALLY_REFUNDED', updated_at: now })
      await this.payments.enqueueRefund(trx, {
        intentId,
        amount: unwanted,
        idempotencyKey: `cancelled-orders-${intentId}`,
      })
    }
    await this.#mail(
      trx,
      'payment_received',
      payment,
      payment.amountCents,
      open.map((order) => order.orderNumber)
    )
  }

  /**
   * The webhook event of the payment as it now is, in `trx`: a change that rolls back sends
   * nothing. The orders' payment statuses that a capture moves send no `order.status_changed`
   * (their `status` does not change); `payment.captured` is the event that says they are paid.
   */
  async #paymentEvent(
    trx: TransactionClientContract,
    type: 'payment.captured' | 'payment.failed',
    paymentId: string
  ) {
    const current = await Payment.query({ client: trx }).where('id', paymentId).firstOrFail()
    const at = DateTime.now()
    await this.outbox.enqueueAll(trx, [paymentEvent(type, current, at)], at)
  }

  async #orderNumbersOf(trx: TransactionClientContract, checkoutId: string) {
    const rows = await trx
      .from('orders')
      .where('checkout_id', checkoutId)
      .orderBy('position', 'asc')
      .select('order_number')
    return rows.map((row) => row.order_number as string)
  }

  async #mail(
    trx: TransactionClientContract,
    kind: 'payment_received' | 'payment_refunded',
    payment: Payment,
    amount: number,
    orderNumbers?: string[]
  ) {
    const customer = await trx.from('users').where('id', payment.userId).select('email').first()
    const numbers = orderNumbers ?? (await this.#orderNumbersOf(trx, payment.checkoutId))
    const payload: PaymentMailPayload = {
      email: customer.email,
      checkoutId: payment.checkoutId,
      amountCents: amount,
      currency: payment.currency,
      orderNumbers: numbers,
    }
    await this.outbox.enqueueWrite(trx, [{ kind, payload: { ...payload } }], DateTime.now())
      .statement
  }
}
