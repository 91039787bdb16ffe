import { inject } from '@adonisjs/core'
import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import { OutboxService } from '#services/mail/outbox_service'

/** Shows what the mail outbox holds: counts by state, the backlog's age, the latest failures. */
export default class OutboxStatus extends BaseCommand {
  static commandName = 'outbox:status'
  static description = 'Show the mail outbox: pending, due, claimed, sent and failed messages'
  static options: CommandOptions = { startApp: true }

  @flags.boolean({ description: 'Print the report as JSON' })
  declare json: boolean

  @inject()
  async run(outbox: OutboxService) {
    const status = await outbox.status()
    if (this.json) {
      this.logger.log(JSON.stringify(status, null, 2))
      return
    }
    const table = this.ui.table()
    table.head(['State', 'Messages'])
    table.row(['pending', String(status.pending)])
    table.row(['  due now', String(status.due)])
    table.row(['  claimed by a worker', String(status.claimed)])
    table.row(['sent', String(status.sent)])
    table.row(['failed', String(status.failed)])
    table.render()
    if (status.due > 0) {
      this.logger.info(`the oldest due message has waited ${status.oldestDueSeconds} s`)
    }
    if (status.recentFailures.length) {
      const failures = this.ui.table()
      failures.head(['Id', 'Kind', 'Tries', 'Failed at', 'Last error'])
      for (const failure of status.recentFailures) {
        failures.row([
          failure.id,
          failure.kind,
          String(failure.attempts),
          failure.failedAt,
          (failure.lastError ?? '').slice(0, 80),
        ])
      }
      failures.render()
      this.logger.info('put them back in the queue with: node ace outbox:retry --all (or ids)')
    }
  }
}
