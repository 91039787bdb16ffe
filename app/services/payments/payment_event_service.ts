import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Payment from '#models/payment'
import { PaymentGateway } from '#services/payments/payment_gateway'
import { PaymentSettlement } from '#services/payments/payment_settlement'
import { ProviderSignatureError, type ProviderEvent } from '#services/payments/provider'
import { InvalidWebhookSignature } from '#exceptions/payment_errors'
import { sqlTime } from '#support/sql_time'

/** What a webhook did, for the log and the tests. */
export type EventOutcome = 'applied' | 'repeat' | 'ignored'

/**
 * The provider's webhooks (docs/api/payments.md). The event is verified over the raw body by the
 * provider's SDK (a bad, missing or stale signature is a 400 and changes nothing), then applied
 * in one transaction that first records its id: the primary key of `payment_events` lets exactly
 * one delivery of an event apply it, however many arrive at once, and a repeat changes nothing.
 */
@inject()
export class PaymentEventService {
  constructor(
    protected gateway: PaymentGateway,
    protected settlement: PaymentSettlement
  ) {}

  async receive(rawBody: Buffer, signature: string | undefined): Promise<EventOutcome> {
    let event: ProviderEvent
    try {
      event = this.gateway.provider.verifyEvent(rawBody, signature)
    } catch (error) {
      if (error instanceof ProviderSignatureError) throw new InvalidWebhookSignature()
      throw error
    }
    if (event.type === 'ignored' || !event.paymentId) return 'ignored'
    return db.transaction(async (trx) => {
      const recorded = await trx
        .knexQuery()
        .table('payment_events')
        .insert({
          provider: this.gateway.provider.name,
          event_id: event.id,
          type: event.providerType,
          created_at: sqlTime(undefined, trx),
        })
        .onConflict(['provider', 'event_id'])
        .ignore()
        .returning(['event_id'])
      if (recorded.length === 0) return 'repeat'
      await this.#apply(trx, event)
      return 'applied'
    })
  }

  async #apply(trx: TransactionClientContract, event: ProviderEvent) {
    const intentId = event.paymentId!
    const payment = await Payment.query({ client: trx })
      .where('provider_payment_id', intentId)
      .first()
    if (!payment) {
      await this.#stray(trx, event)
      return
    }
    // The intent is this checkout's; metadata naming another one is not trusted with anything.
    if (event.checkoutId && event.checkoutId !== payment.checkoutId) {
      logger.warn({ eventId: event.id }, 'payment event names another checkout; ignored')
      return
    }
    switch (event.type) {
      case 'payment.captured':
        await this.settlement.capture(trx, payment, intentId, event.amount)
        return
      case 'payment.failed':
        // Ignored once captured or cancelled: only a payment still waiting can fail.
        await this.settlement.fail(trx, payment, intentId)
        return
      case 'payment.cancelled':
        await this.settlement.cancelWaiting(trx, payment, {
          onlyIfExpired: false,
          cancelAtProvider: false,
        })
        return
      case 'payment.refunded':
        await this.settlement.reconcileRefunds(trx, payment, event.amount)
    }
  }

  /**
   * An event about an intent no payment holds any more: one replaced by a retry. Captured, its
   * money goes back; anything else about it changes nothing. Intents of no checkout of ours
   * (another system on the same account) are left alone.
   */
  async #stray(trx: TransactionClientContract, event: ProviderEvent) {
    if (event.type !== 'payment.captured' || !event.checkoutId) return
    const owner = await Payment.query({ client: trx })
      .where('checkout_id', event.checkoutId)
      .first()
    if (!owner) return
    await this.settlement.refundStray(trx, event.paymentId!, event.amount)
  }
}
