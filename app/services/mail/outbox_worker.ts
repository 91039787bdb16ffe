import { inject } from '@adonisjs/core'
import logger from '@adonisjs/core/services/logger'
import { handledIn, OutboxService } from '#services/mail/outbox_service'
import { PruneService } from '#services/system/prune_service'
import { WebhookDeliveryService } from '#services/integrations/webhook_delivery_service'
import { PaymentExpiryService } from '#services/payments/payment_expiry_service'

/**
 * How often the worker also prunes expired rows and erases expired codes from unsent mail
 * (`node ace prune` does the same on demand).
 */
const PRUNE_EVERY_MS = 60 * 60 * 1000
/**
 * Messages one delivery call sends at most before the pass checks again; the pass goes on with
 * another call for as long as they come back full.
 */
const MESSAGES_PER_CALL = 1000

/**
 * Polls the outbox on a timer, one pass at a time, never overlapping. A pass cancels the card
 * payments that expired (app/services/payments/payment_expiry_service.ts), then sends due messages
 * for as long as there are some (a backlog drains without waiting an interval per batch); once an
 * hour a pass also prunes expired rows. `stop` lets the batch in progress finish, so a shutdown
 * never leaves a message claimed by a process that is gone.
 */
@inject()
export class OutboxWorker {
  #timer?: NodeJS.Timeout
  #stopping = false
  #pass?: Promise<void>
  #lastPruneAt = 0

  constructor(
    protected outbox: OutboxService,
    protected pruneService: PruneService,
    protected webhooks: WebhookDeliveryService = new WebhookDeliveryService(),
    /** The container always passes it; a test of delivery alone may leave it out. */
    protected payments?: PaymentExpiryService
  ) {}

  /** Starts polling every `intervalMs`; the timer does not keep the process alive. */
  start(intervalMs = 2000) {
    this.#timer ??= setInterval(() => this.tick(), intervalMs)
    this.#timer.unref()
  }

  /** Stops polling and waits for the pass in progress, if any. */
  async stop() {
    this.#stopping = true
    if (this.#timer) clearInterval(this.#timer)
    this.#timer = undefined
    await this.#pass
  }

  /** One delivery pass (and a prune when one is due), skipped when the previous one still runs. */
  tick(): Promise<void> {
    this.#pass ??= this.#run().finally(() => (this.#pass = undefined))
    return this.#pass
  }

  async #run() {
    const stopping = () => this.#stopping
    // Expired card payments first: cancelling them writes the provider calls this pass sends.
    try {
      await this.payments?.expireDue()
    } catch (error) {
      logger.error({ err: error }, 'payment expiry pass failed')
    }
    try {
      let report
      do {
        report = await this.outbox.deliverDue(MESSAGES_PER_CALL, stopping)
      } while (handledIn(report) >= MESSAGES_PER_CALL && !this.#stopping)
    } catch (error) {
      logger.error({ err: error }, 'outbox pass failed')
    }
    // Webhook events the pass above fanned out go out in the same tick.
    try {
      let report
      do {
        report = await this.webhooks.deliverDue({ limit: MESSAGES_PER_CALL, stopping })
      } while (report.delivered + report.failed >= MESSAGES_PER_CALL && !this.#stopping)
    } catch (error) {
      logger.error({ err: error }, 'webhook delivery pass failed')
    }
    if (Date.now() - this.#lastPruneAt < PRUNE_EVERY_MS) return
    this.#lastPruneAt = Date.now()
    try {
      await this.pruneService.prune()
    } catch (error) {
      logger.error({ err: error }, 'prune failed')
    }
  }
}
