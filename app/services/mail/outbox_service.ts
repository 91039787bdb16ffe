import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import mail from '@adonisjs/mail/services/main'
import logger from '@adonisjs/core/services/logger'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { MailersList } from '@adonisjs/mail/types'
import OutboxMessage from '#models/outbox_message'
import { MAIL_KINDS, type MailKind } from '#mails/registry'
import { sqlTime } from '#support/sql_time'
import env from '#start/env'
import { useCompiledMailTemplates } from '#mails/template_engine'

/**
 * How long a claimed message stays invisible to other workers while it is being sent: the lease
 * after which a claim left by a worker that died is taken over.
 */
const CLAIM_SECONDS = 120
/**
 * Messages claimed by one statement and sent at once: the SMTP pool (config/mail.ts) spreads
 * them over its connections. Well under what a lease allows to send, even to a slow server.
 */
const BATCH_SIZE = 50
/** The most messages `backlog()` counts in each state: enough to tell a trickle from a flood. */
const BACKLOG_COUNT_LIMIT = 1000
/** Deliveries in progress in this process, by mailer: the last one to end closes its pool. */
const activeDeliveries = new Map<string, number>()
/** Retry delays grow 10 s, 20 s, 40 s ... and stop growing at 30 minutes. */
const FIRST_RETRY_SECONDS = 10
const MAX_RETRY_SECONDS = 30 * 60
/**
 * Tries before a message is set aside as FAILED (`node ace outbox:retry` puts it back). The
 * default, 10, spans about an hour and a half of backoff.
 */
const maxAttempts = () => env.get('OUTBOX_MAX_ATTEMPTS', 10)

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

/** A message set aside after its last try. */
export interface FailedMessage {
  id: string
  kind: string
  attempts: number
  lastError: string | null
  failedAt: string
}

/** What the outbox holds, for operators and the readiness check. */
export interface OutboxStatus {
  pending: number
  /** Pending messages whose next try is due now. */
  due: number
  /** Seconds the longest-waiting due message has waited; 0 when none is due. */
  oldestDueSeconds: number
  /** Pending messages claimed by a worker right now. */
  claimed: number
  sent: number
  failed: number
  /** The most recently failed messages, newest first (at most 20). */
  recentFailures: FailedMessage[]
}

/** The outbox as the readiness check sees it: counts stop at `countLimit`. */
export interface OutboxBacklog {
  /** Pending messages whose next try is due now, up to `countLimit`. */
  due: number
  /** Seconds the longest-waiting due message has waited; 0 when none is due. */
  oldestDueSeconds: number
  /** Messages set aside after their last try, up to `countLimit`. */
  failed: number
  countLimit: number
}

/**
 * The mail outbox. `enqueue` writes a message with the caller's transaction, so a rolled-back
 * change sends nothing and a committed one is never lost; `deliverDue` claims due messages
 * (a conditional update, so two workers never send the same one), sends them, and reschedules
 * failures with exponential backoff until the last try, after which a message is FAILED.
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

  /**
   * Sends up to `limit` due messages: claims a batch with one statement, sends it over the
   * mailer's pooled connections, records the outcomes, and claims the next batch while there is
   * work, `limit` is not reached and `stopping` (when given) says go on. The pooled connections
   * are closed when the last delivery running in this process ends, so none idles between passes.
   */
  async deliverDue(limit = 20, stopping: () => boolean = () => false): Promise<DeliveryReport> {
    const report: DeliveryReport = { sent: 0, failed: 0 }
    const mailer = this.#mailer ?? env.get('MAIL_TRANSPORT')
    activeDeliveries.set(mailer, (activeDeliveries.get(mailer) ?? 0) + 1)
    try {
      while (report.sent + report.failed < limit && !stopping()) {
        const batch = await this.#claim(Math.min(BATCH_SIZE, limit - report.sent - report.failed))
        if (batch.length === 0) break
        const outcomes = await Promise.all(batch.map((message) => this.#send(message)))
        const sent = batch.filter((_message, index) => outcomes[index])
        await this.#markSent(sent)
        report.sent += sent.length
        report.failed += batch.length - sent.length
        if (batch.length < BATCH_SIZE) break
      }
    } finally {
      const remaining = activeDeliveries.get(mailer)! - 1
      activeDeliveries.set(mailer, remaining)
      if (remaining === 0) await mail.close(mailer)
    }
    return report
  }

  /** Counts by state, the age of the backlog and the latest failures. */
  async status(): Promise<OutboxStatus> {
    const now = DateTime.now()
    const counts = await db
      .from('outbox_messages')
      .select('status')
      .count('* as total')
      .groupBy('status')
    const countOf = (status: string) =>
      Number(counts.find((row) => row.status === status)?.total ?? 0)

    const due = await db
      .from('outbox_messages')
      .where('status', 'PENDING')
      .where('next_attempt_at', '<=', sqlTime(now))
      .count('* as total')
      .min('next_attempt_at as oldest')
      .first()
    const claimed = await db
      .from('outbox_messages')
      .where('status', 'PENDING')
      .where('locked_until', '>', sqlTime(now))
      .count('* as total')
      .first()
    const failures = await OutboxMessage.query()
      .where('status', 'FAILED')
      .orderBy('updated_at', 'desc')
      .limit(20)

    const oldest = due?.oldest ? toDateTime(due.oldest) : null
    return {
      pending: countOf('PENDING'),
      due: Number(due?.total ?? 0),
      oldestDueSeconds: oldest ? Math.max(0, Math.floor(now.diff(oldest, 'seconds').seconds)) : 0,
      claimed: Number(claimed?.total ?? 0),
      sent: countOf('SENT'),
      failed: countOf('FAILED'),
      recentFailures: failures.map((message) => ({
        id: message.id,
        kind: message.kind,
        attempts: message.attempts,
        lastError: message.lastError,
        failedAt: message.updatedAt.toUTC().toISO()!,
      })),
    }
  }

  /**
   * What the readiness check needs, in one statement whose cost does not grow with the table:
   * the oldest due message is the first entry of the `(status, next_attempt_at)` index, and each
   * count stops after `BACKLOG_COUNT_LIMIT` index entries (`status` counts everything, for
   * operators). Many load balancers asking at once over a large outbox cost next to nothing.
   */
  async backlog(): Promise<OutboxBacklog> {
    const now = DateTime.now()
    const due = () =>
      db
        .from('outbox_messages')
        .where('status', 'PENDING')
        .where('next_attempt_at', '<=', sqlTime(now))
    const upToLimit = (rows: ReturnType<typeof due>) =>
      db.from(rows.select(db.raw('1')).limit(BACKLOG_COUNT_LIMIT).as('counted')).count('*')
    const [row] = await db
      .query()
      .select(
        due().select('next_attempt_at').orderBy('next_attempt_at', 'asc').limit(1).as('oldest'),
        upToLimit(due()).as('due'),
        upToLimit(db.from('outbox_messages').where('status', 'FAILED')).as('failed')
      )
    return {
      due: Number(row.due),
      oldestDueSeconds: row.oldest
        ? Math.max(0, Math.floor(now.diff(toDateTime(row.oldest), 'seconds').seconds))
        : 0,
      failed: Number(row.failed),
      countLimit: BACKLOG_COUNT_LIMIT,
    }
  }

  /**
   * Puts FAILED messages back in the queue with a fresh count of tries: the given ones, or every
   * failed one when `ids` is omitted. Returns how many went back.
   */
  async retryFailed(ids?: string[]): Promise<number> {
    const query = db.from('outbox_messages').where('status', 'FAILED')
    if (ids) query.whereIn('id', ids)
    const now = sqlTime()
    const updated = await query.update({
      status: 'PENDING',
      attempts: 0,
      next_attempt_at: now,
      locked_until: null,
      updated_at: now,
    })
    return Number(updated)
  }

  /**
   * Marks the pending messages addressed to `emails` as sent without sending them, and returns
   * how many: the mail of made-up accounts (the demo store), which must never reach a mail server.
   * Their rows stay, as a sent message's row does.
   */
  async markSentWithoutSending(emails: string[]): Promise<number> {
    const addressed = new Set(emails)
    const pending = await OutboxMessage.query().where('status', 'PENDING')
    let marked = 0
    for (const message of pending) {
      if (!addressed.has(String(message.payload.email))) continue
      const now = sqlTime()
      const updated = await db
        .from('outbox_messages')
        .where('id', message.id)
        .where('status', 'PENDING')
        .update({
          status: 'SENT',
          payload: JSON.stringify(withoutCodes(message.payload)),
          sent_at: now,
          locked_until: null,
          updated_at: now,
        })
      marked += Number(updated)
    }
    return marked
  }

  /**
   * Takes up to `size` due messages for this worker in one statement, oldest due first: a
   * conditional update, so two workers never take the same message. PostgreSQL skips the rows
   * another worker is claiming at that moment instead of waiting for them; SQLite runs one write
   * at a time anyway.
   */
  async #claim(size: number): Promise<OutboxMessage[]> {
    const now = DateTime.now()
    const due = db
      .from('outbox_messages')
      .select('id')
      .where('status', 'PENDING')
      .where('next_attempt_at', '<=', sqlTime(now))
      .where((query) => query.whereNull('locked_until').orWhere('locked_until', '<', sqlTime(now)))
      .orderBy('next_attempt_at', 'asc')
      .limit(size)
    if (db.connection().dialect.name === 'postgres') due.forUpdate().skipLocked()
    const rows = await db
      .from('outbox_messages')
      .whereIn('id', due)
      .update({ locked_until: sqlTime(now.plus({ seconds: CLAIM_SECONDS })) }, [
        'id',
        'kind',
        'payload',
        'attempts',
      ])
    return rows.map((row: Record<string, unknown>) => OutboxMessage.$createFromAdapterResult(row)!)
  }

  /**
   * Records the messages sent: one statement for those whose payload stays as it is, one per
   * message whose one-time codes must be dropped from the stored payload.
   */
  async #markSent(messages: OutboxMessage[]) {
    const now = sqlTime()
    const sent = { status: 'SENT', sent_at: now, locked_until: null, updated_at: now }
    const unchanged: string[] = []
    for (const message of messages) {
      const stored = JSON.stringify(message.payload)
      const kept = JSON.stringify(withoutCodes(message.payload))
      if (kept === stored) {
        unchanged.push(message.id)
        continue
      }
      await db
        .from('outbox_messages')
        .where('id', message.id)
        .update({ ...sent, payload: kept, attempts: db.raw('attempts + 1') })
    }
    if (unchanged.length === 0) return
    await db
      .from('outbox_messages')
      .whereIn('id', unchanged)
      .update({ ...sent, attempts: db.raw('attempts + 1') })
  }

  async #send(message: OutboxMessage): Promise<boolean> {
    const build = MAIL_KINDS[message.kind as MailKind]
    try {
      if (!build) throw new Error(`unknown outbox kind "${message.kind}"`)
      useCompiledMailTemplates()
      await mail.use(this.#mailer).send(build(message.payload as any))
    } catch (error) {
      const attempts = message.attempts + 1
      const delay = Math.min(FIRST_RETRY_SECONDS * 2 ** (attempts - 1), MAX_RETRY_SECONDS)
      const giveUp = attempts >= maxAttempts()
      await db
        .from('outbox_messages')
        .where('id', message.id)
        .update({
          // Counted in SQL: the row may have been read before another worker's failed try.
          attempts: db.raw('attempts + 1'),
          status: db.raw(`case when attempts + 1 >= ? then 'FAILED' else 'PENDING' end`, [
            maxAttempts(),
          ]),
          next_attempt_at: sqlTime(DateTime.now().plus({ seconds: delay })),
          locked_until: null,
          last_error: String((error as Error)?.message ?? error).slice(0, 1000),
          updated_at: sqlTime(),
        })
      if (giveUp) {
        logger.error(
          { outboxId: message.id, kind: message.kind, attempts },
          'mail delivery failed for the last time; the message is FAILED (node ace outbox:retry)'
        )
      } else {
        logger.warn(
          { outboxId: message.id, kind: message.kind, attempts },
          'mail delivery failed; will retry'
        )
      }
      return false
    }
    return true
  }
}

/** A timestamp as the driver returned it: a Date on PostgreSQL, UTC text on SQLite. */
function toDateTime(value: Date | string): DateTime {
  return value instanceof Date
    ? DateTime.fromJSDate(value)
    : DateTime.fromSQL(value, { zone: 'utc' })
}
