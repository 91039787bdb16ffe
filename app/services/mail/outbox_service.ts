import { randomUUID } from 'node:crypto'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import mail from '@adonisjs/mail/services/main'
import logger from '@adonisjs/core/services/logger'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { DatabaseQueryBuilderContract } from '@adonisjs/lucid/types/querybuilder'
import type { MailersList } from '@adonisjs/mail/types'
import OutboxMessage from '#models/outbox_message'
import { MAIL_KINDS, type MailKind } from '#mails/registry'
import { sqlTime } from '#support/sql_time'
import { insertValuesOf, writeBatch, type PendingWrite } from '#queries/write_batch'
import { claimDueMessages, type ClaimedMessage } from '#queries/outbox_claim'
import env from '#start/env'
import tokensConfig from '#config/tokens'
import { useCompiledMailTemplates } from '#mails/template_engine'
import { openSecret, sealSecret, type OutboxSecret } from '#services/mail/outbox_secret'
import {
  WEBHOOK_EVENT_KIND,
  type WebhookEventPayload,
  type WebhookOutboxEntry,
} from '#services/integrations/webhook_events'
import { fanOutWebhookEvent } from '#services/integrations/webhook_fan_out'
import {
  PROVIDER_CALL_GIVE_UPS,
  PROVIDER_CALLS,
  type ProviderCallKind,
} from '#services/payments/provider_calls'

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
 * Kinds that carry one-time codes. A row of theirs written before codes were sealed (migration
 * 1763800822010) holds its codes in clear in the payload and has no `expires_at`; its code was
 * issued in the same transaction, so it expires OTP_TTL_MINUTES after the row was written.
 */
const CODE_KINDS: MailKind[] = ['verification_code', 'password_reset']

/** Why a mail was set aside as EXPIRED, in its `last_error`. */
const CODE_EXPIRED = 'not sent: its one-time code expired before it could be sent'
const SECRET_UNREADABLE =
  'not sent: its one-time code could not be decrypted (APP_KEY changed, or the row was altered)'

/**
 * The payload without clear one-time codes: what is left of a row written before codes were
 * sealed, once its mail is sent or expired. Sealed codes live in `secret` and go with it.
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

/**
 * A message to deliver: a mail (its kind and what it shows, with no secret), or a call to the
 * payment provider (app/services/payments/provider_calls.ts) that must not be lost either.
 */
export interface OutboxMail {
  kind: MailKind | ProviderCallKind
  payload: Record<string, unknown>
}

/**
 * What the outbox delivers: a mail, or a webhook event (#services/integrations/webhook_events),
 * which the worker fans out to the subscribed endpoints' deliveries.
 */
export type OutboxEntry = OutboxMail | WebhookOutboxEntry

/** Outcome of one delivery pass. */
export interface DeliveryReport {
  sent: number
  failed: number
  /** Code mails not sent because their codes had expired (or could not be read): EXPIRED now. */
  expired: number
}

/** Messages a delivery pass dealt with, whatever became of them. */
export function handledIn(report: DeliveryReport): number {
  return report.sent + report.failed + report.expired
}

/** Outcome of `retryFailed`. */
export interface RetryReport {
  /** Failed messages put back in the queue. */
  queued: number
  /** Failed code mails not queued because their codes had expired: EXPIRED now. */
  expired: number
}

type Outcome = keyof DeliveryReport

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
 *
 * One-time codes are secrets, so the table holds them only while they can still be used: sealed
 * (encrypted) in `secret`, never in the payload; erased once the mail is sent; and a mail whose
 * codes expired before it went out is never sent but set aside as EXPIRED, its codes erased
 * (by the worker when it claims it, by `outbox:retry`, and by the hourly prune for the rest).
 * A mail that fails for good keeps its sealed codes until they expire, not longer: until then
 * `outbox:retry` can still deliver a code that works, which is what the user is waiting for.
 */
export class OutboxService {
  #mailer?: keyof MailersList

  /** `mailer` picks a configured mailer by name; by default the configured default one. */
  constructor(options: { mailer?: keyof MailersList } = {}) {
    this.#mailer = options.mailer
  }

  /**
   * Records a mail to send once `trx` commits. `payload` is stored as it is: only what the mail
   * shows besides its secrets. `secret` holds the fields that must never be stored in clear (the
   * one-time codes): sealed for this row, merged into the payload only to build the mail, and
   * erased once it is sent; after `secret.expiresAt` the mail is never sent.
   */
  async enqueue(
    trx: TransactionClientContract,
    kind: OutboxEntry['kind'],
    payload: Record<string, unknown>,
    secret?: OutboxSecret
  ) {
    const id = randomUUID()
    await OutboxMessage.create(
      {
        id,
        kind,
        payload,
        secret: secret ? sealSecret({ id, kind, payload }, secret) : null,
        expiresAt: secret?.expiresAt ?? null,
        status: 'PENDING',
        attempts: 0,
        nextAttemptAt: DateTime.now(),
      },
      { client: trx }
    )
  }

  /**
   * The messages of many mails (without secrets) as one multi-row insert, for the caller to send
   * in its transaction, alone or in one round trip with its own writes (`writeBatch`): each row as
   * `enqueue` writes it, `at` being when it was written and is first due. Nothing is written until
   * the caller sends it.
   */
  enqueueWrite(trx: TransactionClientContract, mails: OutboxEntry[], at: DateTime): PendingWrite {
    return insertValuesOf(
      trx,
      OutboxMessage,
      mails.map(({ kind, payload }) =>
        new OutboxMessage().merge({
          id: randomUUID(),
          kind,
          payload,
          status: 'PENDING',
          attempts: 0,
          nextAttemptAt: at,
          createdAt: at,
          updatedAt: at,
        })
      )
    )
  }

  /** Writes `entries` with `trx` in one multi-row insert, as `enqueueWrite` builds it. */
  async enqueueAll(trx: TransactionClientContract, entries: OutboxEntry[], at: DateTime) {
    if (entries.length === 0) return
    await writeBatch(trx, [], this.enqueueWrite(trx, entries, at))
  }

  /**
   * Sends up to `limit` due messages: claims a batch with one statement, sends it over the
   * mailer's pooled connections, records the outcomes, and claims the next batch while there is
   * work, `limit` is not reached and `stopping` (when given) says go on. The pooled connections
   * are closed when the last delivery running in this process ends, so none idles between passes.
   */
  async deliverDue(limit = 20, stopping: () => boolean = () => false): Promise<DeliveryReport> {
    const report: DeliveryReport = { sent: 0, failed: 0, expired: 0 }
    const mailer = this.#mailer ?? env.get('MAIL_TRANSPORT')
    activeDeliveries.set(mailer, (activeDeliveries.get(mailer) ?? 0) + 1)
    try {
      while (handledIn(report) < limit && !stopping()) {
        const batch = await this.#claim(Math.min(BATCH_SIZE, limit - handledIn(report)))
        if (batch.length === 0) break
        const outcomes = await Promise.all(batch.map((message) => this.#send(message)))
        await this.#markSent(batch.filter((_message, index) => outcomes[index] === 'sent'))
        for (const outcome of outcomes) report[outcome] += 1
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
   * failed one when `ids` is omitted. A failed code mail whose codes have expired is not queued
   * (it would mail a code that no longer works) but set aside as EXPIRED, its codes erased; its
   * user asks for a new code. Mail without codes (order mail) never expires and is always queued.
   */
  async retryFailed(ids?: string[]): Promise<RetryReport> {
    const expired = await this.#expireUnsent(['FAILED'], ids)
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
    return { queued: Number(updated), expired }
  }

  /**
   * Sets aside as EXPIRED every unsent code mail (pending or failed, not claimed right now) whose
   * codes have expired, erases those codes, and returns how many. The worker refuses such a mail
   * anyway when it claims it; this reaches the failed ones it never claims and the pending ones
   * waiting out a long backoff, so no code stays in the table long after it stopped working.
   * Run by `node ace prune` and the worker's hourly prune.
   */
  async expireCodeMails(now: DateTime = DateTime.now()): Promise<number> {
    return this.#expireUnsent(['PENDING', 'FAILED'], undefined, now)
  }

  /** Takes up to `size` due messages for this worker, for a lease of `CLAIM_SECONDS`. */
  async #claim(size: number): Promise<ClaimedMessage[]> {
    const now = DateTime.now()
    return claimDueMessages(size, now, now.plus({ seconds: CLAIM_SECONDS }))
  }

  /**
   * Records the messages sent, their sealed codes erased: one statement for the batch, plus one
   * per row of an earlier version whose clear codes must leave the payload.
   */
  async #markSent(messages: ClaimedMessage[]) {
    const now = sqlTime()
    const sent = { status: 'SENT', secret: null, sent_at: now, locked_until: null, updated_at: now }
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

  /**
   * Sets aside as EXPIRED the unsent messages of `statuses` (and of `ids`, when given) whose codes
   * have expired, not claimed by a worker right now, and erases their codes. Sealed rows go in
   * one statement; rows of an earlier version (clear codes, no `expires_at`) one by one, since
   * their payload is rewritten.
   */
  async #expireUnsent(
    statuses: OutboxMessage['status'][],
    ids?: string[],
    now: DateTime = DateTime.now()
  ): Promise<number> {
    const unsent = (query: DatabaseQueryBuilderContract) => {
      query
        .whereIn('status', statuses)
        .where((unclaimed) =>
          unclaimed.whereNull('locked_until').orWhere('locked_until', '<', sqlTime(now))
        )
      if (ids) query.whereIn('id', ids)
      return query
    }
    const expired = {
      status: 'EXPIRED',
      secret: null,
      locked_until: null,
      last_error: CODE_EXPIRED,
      updated_at: sqlTime(now),
    }
    const sealed = await unsent(db.from('outbox_messages'))
      .where('expires_at', '<=', sqlTime(now))
      .update(expired)
    const legacy = await unsent(db.from('outbox_messages').select('id', 'payload'))
      .whereNull('expires_at')
      .whereIn('kind', CODE_KINDS)
      .where('created_at', '<=', sqlTime(now.minus({ minutes: tokensConfig.otpTtlMinutes })))
    for (const row of legacy) {
      await db
        .from('outbox_messages')
        .where('id', row.id)
        .update({ ...expired, payload: JSON.stringify(withoutCodes(JSON.parse(row.payload))) })
    }
    return Number(sealed) + legacy.length
  }

  /** Sets a claimed message aside as EXPIRED, its codes (sealed, or clear in an old row) erased. */
  async #markExpired(message: ClaimedMessage, reason: string) {
    const now = sqlTime()
    await db
      .from('outbox_messages')
      .where('id', message.id)
      .update({
        status: 'EXPIRED',
        secret: null,
        payload: JSON.stringify(withoutCodes(message.payload)),
        locked_until: null,
        last_error: reason,
        updated_at: now,
      })
    logger.warn({ outboxId: message.id, kind: message.kind }, `mail ${reason}`)
  }

  async #send(message: ClaimedMessage): Promise<Outcome> {
    const ready = readyToSend(message, DateTime.now())
    if ('refusal' in ready) {
      await this.#markExpired(message, ready.refusal)
      return 'expired'
    }
    const build = MAIL_KINDS[message.kind as MailKind]
    const call = PROVIDER_CALLS[message.kind as ProviderCallKind]
    try {
      if (message.kind === WEBHOOK_EVENT_KIND) {
        await fanOutWebhookEvent(message.id, ready.payload as unknown as WebhookEventPayload)
      } else if (call) {
        await call(ready.payload as any)
      } else {
        if (!build) throw new Error(`unknown outbox kind "${message.kind}"`)
        useCompiledMailTemplates()
        await mail.use(this.#mailer).send(build(ready.payload as any))
      }
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
        await PROVIDER_CALL_GIVE_UPS[message.kind as ProviderCallKind]?.(ready.payload)
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
      return 'failed'
    }
    return 'sent'
  }
}

/**
 * The payload a claimed message's mail is built from (its secret opened and merged in), or why it
 * must not be sent: its codes expired, or its secret does not open for this row.
 */
function readyToSend(
  message: ClaimedMessage,
  now: DateTime
): { payload: Record<string, unknown> } | { refusal: string } {
  if (message.secret) {
    const secret = openSecret(message)
    if (!secret) return { refusal: SECRET_UNREADABLE }
    if (secret.expiresAt <= now) return { refusal: CODE_EXPIRED }
    return { payload: { ...message.payload, ...secret.fields } }
  }
  const expiresAt =
    message.expiresAt ??
    (CODE_KINDS.includes(message.kind as MailKind)
      ? message.createdAt.plus({ minutes: tokensConfig.otpTtlMinutes })
      : null)
  if (expiresAt && expiresAt <= now) return { refusal: CODE_EXPIRED }
  return { payload: message.payload }
}

/** A timestamp as the driver returned it: a Date on PostgreSQL, UTC text on SQLite. */
function toDateTime(value: Date | string): DateTime {
  return value instanceof Date
    ? DateTime.fromJSDate(value)
    : DateTime.fromSQL(value, { zone: 'utc' })
}
