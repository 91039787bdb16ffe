import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import mail from '@adonisjs/mail/services/main'
import logger from '@adonisjs/core/services/logger'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { MailersList } from '@adonisjs/mail/types'
import OutboxMessage from '#models/outbox_message'
import { MAIL_KINDS, type MailKind } from '#mails/registry'
import { sqlTime } from '#support/sql_time'

/** How long a claimed message stays invisible to other workers while it is being sent. */
const CLAIM_SECONDS = 120
/** Retry delays grow 10 s, 20 s, 40 s ... and stop growing at 30 minutes; there is no last try. */
const FIRST_RETRY_SECONDS = 10
const MAX_RETRY_SECONDS = 30 * 60

/**
 * The payload without its one-time codes. Codes are stored only as keyed hashes; the outbox must
 * hold them in clear until the mail is out, but no longer.
 */
function withoutCodes(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutCodes)
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => key !== 'code')
        .map(([key, entry]) => [key, withoutCodes(entry)])
    )
  }
  return value
}

/** Outcome of one delivery pass. */
export interface DeliveryReport {
  sent: number
  failed: number
}

/**
 * The mail outbox. `enqueue` writes a message with the caller's transaction, so a rolled-back
 * change sends nothing and a committed one is never lost; `deliverDue` claims due messages
 * (a conditional update, so two workers never send the same one), sends them, and reschedules
 * failures with exponential backoff.
 */
export class OutboxService {
  #mailer?: keyof MailersList

  /** `mailer` picks a configured mailer by name; by default the configured default one. */
  constructor(options: { mailer?: keyof MailersList } = {}) {
    this.#mailer = options.mailer
  }

  /** Records a mail to send once `trx` commits. */
  async enqueue(trx: TransactionClientContract, kind: MailKind, payload: Record<string, unknown>) {
    await OutboxMessage.create(
      { kind, payload, status: 'PENDING', attempts: 0, nextAttemptAt: DateTime.now() },
      { client: trx }
    )
  }

  /** Sends up to `limit` due messages. */
  async deliverDue(limit = 20): Promise<DeliveryReport> {
    const now = DateTime.now()
    const candidates = await OutboxMessage.query()
      .where('status', 'PENDING')
      .where('next_attempt_at', '<=', sqlTime(now))
      .where((query) => query.whereNull('locked_until').orWhere('locked_until', '<', sqlTime(now)))
      .orderBy('next_attempt_at', 'asc')
      .limit(limit)

    const report: DeliveryReport = { sent: 0, failed: 0 }
    for (const message of candidates) {
      if (!(await this.#claim(message))) continue
      if (await this.#send(message)) report.sent += 1
      else report.failed += 1
    }
    return report
  }

  /** Takes the message for this worker unless another worker took it first. */
  async #claim(message: OutboxMessage): Promise<boolean> {
    const now = DateTime.now()
    const claimed = await db
      .from('outbox_messages')
      .where('id', message.id)
      .where('status', 'PENDING')
      .where((query) => query.whereNull('locked_until').orWhere('locked_until', '<', sqlTime(now)))
      .update({ locked_until: sqlTime(now.plus({ seconds: CLAIM_SECONDS })) })
    return Number(claimed) === 1
  }

  async #send(message: OutboxMessage): Promise<boolean> {
    const build = MAIL_KINDS[message.kind as MailKind]
    try {
      if (!build) throw new Error(`unknown outbox kind "${message.kind}"`)
      await mail.use(this.#mailer).send(build(message.payload as any))
    } catch (error) {
      const attempts = message.attempts + 1
      const delay = Math.min(FIRST_RETRY_SECONDS * 2 ** (attempts - 1), MAX_RETRY_SECONDS)
      await db
        .from('outbox_messages')
        .where('id', message.id)
        .update({
          // Counted in SQL: the row may have been read before another worker's failed try.
          attempts: db.raw('attempts + 1'),
          next_attempt_at: sqlTime(DateTime.now().plus({ seconds: delay })),
          locked_until: null,
          last_error: String((error as Error)?.message ?? error).slice(0, 1000),
          updated_at: sqlTime(),
        })
      logger.warn(
        { outboxId: message.id, kind: message.kind, attempts },
        'mail delivery failed; will retry'
      )
      return false
    }
    await db
      .from('outbox_messages')
      .where('id', message.id)
      .update({
        status: 'SENT',
        payload: JSON.stringify(withoutCodes(message.payload)),
        sent_at: sqlTime(),
        locked_until: null,
        attempts: db.raw('attempts + 1'),
        updated_at: sqlTime(),
      })
    return true
  }
}
