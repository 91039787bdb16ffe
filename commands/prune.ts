import { inject } from '@adonisjs/core'
import { BaseCommand } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import { PruneService } from '#services/system/prune_service'

/**
 * Removes expired codes and tokens, old idempotency keys, old sent, expired and failed mail, and
 * erases the codes of unsent mail whose codes have expired.
 */
export default class Prune extends BaseCommand {
  static commandName = 'prune'
  static description =
    'Delete expired one-time codes and refresh tokens, idempotency keys and outbox mail past their retention'
  static options: CommandOptions = { startApp: true }

  @inject()
  async run(pruning: PruneService) {
    const report = await pruning.prune()
    this.logger.success(
      `pruned ${report.oneTimeCodes} one-time code(s), ${report.refreshTokens} refresh token(s), ` +
        `${report.idempotencyKeys} idempotency key(s), ${report.outboxMessages} sent or expired ` +
        `message(s), ${report.failedOutboxMessages} failed message(s); ` +
        `${report.expiredCodeMails} unsent code mail(s) expired; ` +
        `${report.webhookDeliveries} finished webhook delivery(ies), ` +
        `${report.paymentEvents} applied payment event id(s)`
    )
  }
}
