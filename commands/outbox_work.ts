import { inject } from '@adonisjs/core'
import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import { OutboxService } from '#services/mail/outbox_service'
import { OutboxWorker } from '#services/mail/outbox_worker'
import { WebhookDeliveryService } from '#services/integrations/webhook_delivery_service'
import { PaymentExpiryService } from '#services/payments/payment_expiry_service'

/**
 * Delivers pending outbox mail, provider calls and webhook deliveries, and cancels expired card
 * payments: once, or continuously as a separate worker process.
 */
export default class OutboxWork extends BaseCommand {
  static commandName = 'outbox:work'
  static description = 'Deliver pending outbox e-mails and webhooks (use --once for a single pass)'
  static options: CommandOptions = { startApp: true, staysAlive: true }

  @flags.boolean({ description: 'Run one delivery pass and exit' })
  declare once: boolean

  @flags.number({ description: 'Milliseconds between passes', default: 2000 })
  declare interval: number

  @inject()
  async run(
    outbox: OutboxService,
    worker: OutboxWorker,
    webhooks: WebhookDeliveryService,
    payments: PaymentExpiryService
  ) {
    if (this.once) {
      // As a worker's pass does: expired card payments first, then what they queued.
      const expired = await payments.expireDue()
      if (expired > 0) this.logger.info(`cancelled ${expired} expired card payment(s)`)
      const report = await outbox.deliverDue(500)
      this.logger.info(
        `sent ${report.sent}, failed ${report.failed}, expired (not sent) ${report.expired}`
      )
      const hooks = await webhooks.deliverDue({ limit: 500 })
      this.logger.info(`webhooks delivered ${hooks.delivered}, failed ${hooks.failed}`)
      return this.terminate()
    }
    // The same worker as the web server's, expired-row pruning included; on SIGTERM or SIGINT it
    // finishes the pass in progress before the process ends.
    this.app.terminating(() => worker.stop())
    worker.start(this.interval)
    // The worker's timer does not hold the process open; this does until termination.
    const keepAlive = setInterval(() => {}, 60_000)
    this.app.terminating(() => clearInterval(keepAlive))
    // Ctrl+C stops as gracefully as SIGTERM does.
    process.once('SIGINT', () => this.app.terminate())
    this.logger.info('delivering outbox mail; press Ctrl+C to stop')
  }
}
