import { createHash, randomUUID } from 'node:crypto'
import { inject } from '@adonisjs/core'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Payment from '#models/payment'
import type { PaymentMethod, PaymentStatus } from '#enums/order_status'
import type { PaymentRecordStatus } from '#enums/payment'
import { PaymentGateway } from '#services/payments/payment_gateway'
import { ProviderUnavailableError, type ProviderIntent } from '#services/payments/provider'
import { OutboxService, type OutboxEntry } from '#services/mail/outbox_service'
import { RefundService } from '#services/payments/refund_service'
import {
  PaymentMethodUnavailable,
  PaymentNotFound,
  PaymentNotRetryable,
  PaymentProviderUnavailable,
} from '#exceptions/payment_errors'
import { pageOf, type PageRequest, type PageResult } from '#support/paging'
import { sqlTime } from '#support/sql_time'
import { paymentEvent } from '#services/integrations/webhook_events'
import type { Actor } from '#support/actor'
import env from '#start/env'

/** Minutes a card payment waits for its capture before the worker cancels it. */
export const paymentTimeoutMinutes = () => env.get('PAYMENT_TIMEOUT_MINUTES', 30)

/** An intent opened for a placement before its transaction, and the checkout id it was for. */
export interface OpenedIntent {
  checkoutId: string
  amount: number
  currency: string
  intent: ProviderIntent
}

/**
 * The checkout id of a placement collected online, decided before anything is written: the same
 * customer, key and request always give the same id, so a retry after a provider timeout asks
 * the provider again with the same idempotency key and gets the same intent back.
 */
export function checkoutIdFor(userId: string, idempotencyKey: string, fingerprint: string) {
  const hash = createHash('sha256')
    .update(`${userId}\u0000${idempotencyKey}\u0000${fingerprint}`)
    .digest('hex')
  // Laid out as a version 8 (custom) UUID, so it passes every UUID check a random one does.
  return [
    hash.slice(0, 8),
    hash.slice(8, 12),
    `8${hash.slice(13, 16)}`,
    `${((Number.parseInt(hash[16], 16) & 0x3) | 0x8).toString(16)}${hash.slice(17, 20)}`,
    hash.slice(20, 32),
  ].join('-')
}

/** The provider idempotency key of a checkout's n-th intent. */
export function intentKeyOf(checkoutId: string, attempt: number, amount: number) {
  return `checkout-${checkoutId}-intent-${attempt}-${amount}`
}

/** The filters of the admin payment list. */
export interface PaymentFilters {
  status?: PaymentRecordStatus
}

/**
 * Payments of checkouts (docs/api/payments.md): the provider's part of a placement, the reads,
 * a retry after a failure, and the hooks the order rules call inside their transactions. Every
 * provider call that changes something either happens before any transaction (opening an
 * intent: no row lock waits on the network) or goes through the outbox (cancel, refund).
 */
@inject()
export class PaymentService {
  constructor(
    protected gateway: PaymentGateway,
    protected outbox: OutboxService,
    protected refunds: RefundService
  ) {}

  /** Refuses a method the configured provider does not take (422), before anything happens. */
  assertAccepted(method: PaymentMethod) {
    if (!this.gateway.provider.accepts(method)) throw new PaymentMethodUnavailable()
  }

  /** Whether `method` is collected online by the configured provider. */
  collectsOnline(method: PaymentMethod): boolean {
    return this.gateway.provider.collectsOnline(method)
  }

  /**
   * Whether the checkout's money is collected online by a provider (its capture records it), as
   * `trx` sees the payment: such an order is never marked paid by hand nor shipped before it.
   */
  async collectedOnline(trx: TransactionClientContract, checkoutId: string): Promise<boolean> {
    const payment = await Payment.query({ client: trx })
      .where('checkout_id', checkoutId)
      .select('provider')
      .first()
    return payment !== null && payment.provider !== 'manual'
  }

  /**
   * Opens the intent of a placement, outside any transaction. A provider failure or timeout is a
   * 503 `PAYMENT_PROVIDER_UNAVAILABLE`, with nothing written anywhere.
   */
  async openForPlacement(checkoutId: string, amount: number, currency: string) {
    return {
      checkoutId,
      amount,
      currency,
      intent: await this.#open(checkoutId, 1, amount, currency),
    } satisfies OpenedIntent
  }

  /** The payment row a placement writes with its orders. */
  paymentOf(input: {
    checkoutId: string
    userId: string
    method: PaymentMethod
    amount: number
    currency: string
    opened: OpenedIntent | null
    at: DateTime
  }): Payment {
    const online = input.opened
    return new Payment().merge({
      id: randomUUID(),
      checkoutId: input.checkoutId,
      userId: input.userId,
      provider: online ? this.gateway.provider.name : 'manual',
      method: input.method,
      status: 'PENDING',
      amountCents: input.amount,
      capturedAmountCents: 0,
      refundedAmountCents: 0,
      currency: input.currency,
      providerPaymentId: online?.intent.id ?? null,
      clientSecret: online?.intent.clientSecret ?? null,
      attempt: 1,
      expiresAt: online ? input.at.plus({ minutes: paymentTimeoutMinutes() }) : null,
      createdAt: input.at,
      updatedAt: input.at,
    })
  }

  /** The payment of a checkout the customer placed; anyone else's is a 404. */
  async findForCustomer(actor: Actor, checkoutId: string): Promise<Payment> {
    const payment = await Payment.query()
      .where('checkout_id', checkoutId)
      .where('user_id', actor.user.id)
      .first()
    if (!payment) throw new PaymentNotFound()
    return payment
  }

  /** Every payment, newest first, for administrators. */
  async list(filters: PaymentFilters, page: PageRequest): Promise<PageResult<Payment>> {
    const query = Payment.query()
    if (filters.status) query.where('status', filters.status)
    return pageOf(query, page, (slice) => slice.orderBy('created_at', 'desc').orderBy('id', 'asc'))
  }

  /**
   * Starts a FAILED card payment again with a fresh intent, while it has not expired. The intent
   * is opened before the transaction, under a key of the next attempt, so two retries sent at
   * once open one intent and only one of them records it (a conditional update); the failed
   * intent is cancelled at the provider through the outbox.
   */
  async retry(actor: Actor, checkoutId: string): Promise<Payment> {
    const payment = await this.findForCustomer(actor, checkoutId)
    const expired = !payment.expiresAt || payment.expiresAt <= DateTime.now()
    if (payment.status !== 'FAILED' || payment.provider === 'manual' || expired) {
      throw new PaymentNotRetryable()
    }
    const attempt = payment.attempt + 1
    const intent = await this.#open(checkoutId, attempt, payment.amountCents, payment.currency)
    return db.transaction(async (trx) => {
      const updated = await trx
        .from('payments')
        .where('id', payment.id)
        .where('status', 'FAILED')
        .where('attempt', payment.attempt)
        .where('expires_at', '>', sqlTime(undefined, trx))
        .update({
          status: 'PENDING',
          attempt,
          provider_payment_id: intent.id,
          client_secret: intent.clientSecret,
          updated_at: sqlTime(undefined, trx),
        })
      if (Number(updated) !== 1) throw new PaymentNotRetryable()
      if (payment.providerPaymentId) {
        await this.enqueueCancel(trx, payment.providerPaymentId)
      }
      return Payment.findOrFail(payment.id, { client: trx })
    })
  }

  /**
   * Inside the transaction of a cancellation that closed the checkout's last open order: a
   * payment still waiting (PENDING or FAILED) is CANCELLED, and its intent cancelled at the
   * provider through the outbox. A conditional update, so it races a capture safely: whichever
   * changes the row first wins, and a capture that loses is refunded (PaymentEventService).
   */
  async closeCheckout(trx: TransactionClientContract, checkoutId: string): Promise<boolean> {
    const payment = await Payment.query({ client: trx }).where('checkout_id', checkoutId).first()
    if (!payment) return false
    const updated = await trx
      .from('payments')
      .where('id', payment.id)
      .whereIn('status', ['PENDING', 'FAILED'])
      .update({ status: 'CANCELLED', client_secret: null, updated_at: sqlTime(undefined, trx) })
    if (Number(updated) !== 1) return false
    if (payment.provider !== 'manual' && payment.providerPaymentId) {
      await this.enqueueCancel(trx, payment.providerPaymentId)
    }
    return true
  }

  /**
   * Inside the transaction of an order's cancellation (the order row locked by it): what is left
   * of the order's paid amount goes back to the customer in full as a refund (RefundService), at
   * the provider through the outbox for a card payment collected online, at once for money
   * recorded by hand. Answers the order's new payment status, or null when nothing was left.
   */
  async refundCancelledOrder(
    trx: TransactionClientContract,
    orderId: string
  ): Promise<{ from: PaymentStatus; to: PaymentStatus } | null> {
    const issued = await this.refunds.refundCancelledOrder(trx, orderId)
    return issued && { from: issued.from, to: issued.to }
  }

  /**
   * Inside the transaction that recorded an order's money by hand: the payment counts it, and is
   * CAPTURED once every order not cancelled is paid, which sends `payment.captured`.
   */
  async recordManualPayment(trx: TransactionClientContract, checkoutId: string, amount: number) {
    await trx
      .from('payments')
      .where('checkout_id', checkoutId)
      .where('provider', 'manual')
      .update({
        captured_amount_cents: trx.knexRawQuery('captured_amount_cents + ?', [amount]),
        updated_at: sqlTime(undefined, trx),
      })
    const open = await trx
      .from('orders')
      .where('checkout_id', checkoutId)
      .whereNot('status', 'CANCELLED')
      .where('payment_status', 'UNPAID')
      .count('* as total')
      .first()
    if (Number(open?.total ?? 0) === 0) {
      const captured = await trx
        .from('payments')
        .where('checkout_id', checkoutId)
        .whereIn('status', ['PENDING', 'FAILED'])
        .update({ status: 'CAPTURED', updated_at: sqlTime(undefined, trx) })
      // Money recorded by hand captures the checkout's payment too: the same event as online.
      if (Number(captured) === 1) {
        const payment = await Payment.query({ client: trx })
          .where('checkout_id', checkoutId)
          .firstOrFail()
        await this.#enqueue(trx, paymentEvent('payment.captured', payment, DateTime.now()))
      }
    }
  }

  /** Writes the cancellation of an intent at the provider to the outbox of `trx`. */
  async enqueueCancel(trx: TransactionClientContract, intentId: string) {
    await this.#enqueue(trx, {
      kind: 'payment_intent_cancel',
      payload: { intentId, idempotencyKey: `cancel-${intentId}` },
    })
  }

  /** Writes a refund at the provider to the outbox of `trx`, under `idempotencyKey`. */
  async enqueueRefund(
    trx: TransactionClientContract,
    refund: { intentId: string; amount: number; idempotencyKey: string }
  ) {
    await this.#enqueue(trx, { kind: 'payment_refund', payload: refund })
  }

  async #enqueue(trx: TransactionClientContract, message: OutboxEntry) {
    await this.outbox.enqueueWrite(trx, [message], DateTime.now()).statement
  }

  async #open(checkoutId: string, attempt: number, amount: number, currency: string) {
    try {
      return await this.gateway.provider.openIntent({
        amount,
        currency,
        checkoutId,
        idempotencyKey: intentKeyOf(checkoutId, attempt, amount),
      })
    } catch (error) {
      if (error instanceof ProviderUnavailableError) throw new PaymentProviderUnavailable()
      throw error
    }
  }
}
