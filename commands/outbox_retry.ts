import { inject } from '@adonisjs/core'
import { args, BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import { OutboxService } from '#services/mail/outbox_service'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * Puts FAILED outbox messages back in the queue with a fresh count of tries, except code mails
 * whose codes have expired: those are set aside as EXPIRED instead (never resent), and counted.
 */
export default class OutboxRetry extends BaseCommand {
  static commandName = 'outbox:retry'
  static description = 'Queue FAILED outbox messages again (the given ids, or --all)'
  static options: CommandOptions = { startApp: true }

  @args.spread({ description: 'Ids of the failed messages to retry', required: false })
  declare ids?: string[]

  @flags.boolean({ description: 'Retry every failed message' })
  declare all: boolean

  @inject()
  async run(outbox: OutboxService) {
    if (!this.all && !this.ids?.length) {
      this.logger.error('name the messages to retry, or pass --all (see node ace outbox:status)')
      this.exitCode = 1
      return
    }
    const malformed = (this.ids ?? []).filter((id) => !UUID.test(id))
    if (malformed.length) {
      this.logger.error(`not a message id: ${malformed.join(', ')}`)
      this.exitCode = 1
      return
    }
    const { queued, expired } = await outbox.retryFailed(this.all ? undefined : this.ids)
    this.logger.success(`queued ${queued} failed message(s) again`)
    if (expired > 0) {
      this.logger.warning(
        `not queued: ${expired} code mail(s) whose one-time codes have expired, now EXPIRED ` +
          '(their users ask for a new code)'
      )
    }
  }
}
