import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import { OutboxService } from '#services/mail/outbox_service'

/** Delivers pending outbox mail: once, or continuously as a separate worker process. */
export default class OutboxWork extends BaseCommand {
  static commandName = 'outbox:work'
  static description = 'Deliver pending outbox e-mails (use --once for a single pass)'
  static options: CommandOptions = { startApp: true, staysAlive: true }

  @flags.boolean({ description: 'Run one delivery pass and exit' })
  declare once: boolean

  @flags.number({ description: 'Milliseconds between passes', default: 2000 })
  declare interval: number

  async run() {
    const outbox = new OutboxService()
    if (this.once) {
      const report = await outbox.deliverDue(500)
      this.logger.info(`sent ${report.sent}, failed ${report.failed}`)
      return this.terminate()
    }
    this.logger.info('delivering outbox mail; press Ctrl+C to stop')
    while (!this.app.isTerminating) {
      await outbox.deliverDue()
      await new Promise((resolve) => setTimeout(resolve, this.interval))
    }
  }
}
