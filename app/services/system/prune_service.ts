import { inject } from '@adonisjs/core'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import type { DatabaseQueryBuilderContract } from '@adonisjs/lucid/types/querybuilder'
import env from '#start/env'
import { sqlTime } from '#support/sql_time'
import { OutboxService } from '#services/mail/outbox_service'

/** Rows removed by one prune, by kind. */
export interface PruneReport {
  oneTimeCodes: number
  refreshTokens: number
  idempotencyKeys: number
  /** Sent mail, and code mail whose codes expired before it went out (EXPIRED). */
  outboxMessages: number
  /** Mail that failed for good (FAILED) and was never retried. */
  failedOutboxMessages: number
  /** Unsent code mails whose codes expired: not removed, set aside as EXPIRED, codes erased. */
  expiredCodeMails: number
  /** Webhook deliveries delivered or given up more than `WEBHOOK_LOG_RETENTION_DAYS` ago. */
  webhookDeliveries: number
  /** Ids of payment provider events applied more than `PAYMENT_EVENT_RETENTION_DAYS` ago. */
  paymentEvents: number
}

/** How long the webhook delivery log keeps a finished delivery (docs/api/integrations.md). */
export const WEBHOOK_LOG_RETENTION_DAYS = 30

/**
 * How long the id of an applied payment provider event is kept (docs/api/payments.md). Stripe
 * redelivers an event for up to three days; ten times that leaves room for an operator replaying
 * events by hand from the dashboard, and a redelivery past it would find the payment already in
 * the state the event describes.
 */
export const PAYMENT_EVENT_RETENTION_DAYS = 30

/** Rows deleted per statement, so a large backlog never holds long locks or one huge transaction. */
const BATCH_SIZE = 1000

/** Clients are promised that a key replays for at least a day; the retention never goes below. */
const MINIMUM_KEY_RETENTION_HOURS = 24

/**
 * Removes rows that can no longer matter: expired one-time codes and refresh tokens, idempotency
 * keys past their retention (`IDEMPOTENCY_RETENTION_HOURS`, default 72), sent and expired outbox
 * messages past theirs (`OUTBOX_RETENTION_DAYS`, default 7) and failed ones past theirs
 * (`OUTBOX_FAILED_RETENTION_DAYS`, default 30); before that, it erases the codes of unsent mail
 * whose codes have expired. Deletes go in batches by id. Safe to run on several instances at
 * once: each batch deletes whatever is still there.
 */
@inject()
export class PruneService {
  constructor(protected outbox: OutboxService) {}

  /** Prunes every kind and returns how many rows went. */
  async prune(now: DateTime = DateTime.now()): Promise<PruneReport> {
    const keyRetention = Math.max(
      MINIMUM_KEY_RETENTION_HOURS,
      env.get('IDEMPOTENCY_RETENTION_HOURS', 72)
    )
    const outboxRetention = env.get('OUTBOX_RETENTION_DAYS', 7)
    const failedRetention = env.get('OUTBOX_FAILED_RETENTION_DAYS', 30)

    const report: PruneReport = {
      // First, so a code mail that expires now is counted below only once it is old enough.
      expiredCodeMails: await this.outbox.expireCodeMails(now),
      // A code past its lifetime can be neither used nor counted against.
      oneTimeCodes: await this.#deleteInBatches('one_time_codes', (query) =>
        query.where('expires_at', '<', sqlTime(now))
      ),
      // An expired token is refused whatever its state, so its row proves nothing any more.
      refreshTokens: await this.#deleteInBatches('refresh_tokens', (query) =>
        query.where('expires_at', '<', sqlTime(now))
      ),
      idempotencyKeys: await this.#deleteInBatches('idempotency_keys', (query) =>
        query.where('created_at', '<', sqlTime(now.minus({ hours: keyRetention })))
      ),
      // Finished mail: delivered, or never to be delivered because its codes expired.
      outboxMessages: await this.#deleteInBatches('outbox_messages', (query) =>
        query.where((finished) =>
          finished
            .where((sent) =>
              sent
                .where('status', 'SENT')
                .where('sent_at', '<', sqlTime(now.minus({ days: outboxRetention })))
            )
            .orWhere((expired) =>
              expired
                .where('status', 'EXPIRED')
                .where('updated_at', '<', sqlTime(now.minus({ days: outboxRetention })))
            )
        )
      ),
      // A failed mail waits this long for an operator's `outbox:retry`; past it the mail is stale
      // and its row (addresses, order details) is kept no longer. Pending mail is never pruned.
      failedOutboxMessages: await this.#deleteInBatches('outbox_messages', (query) =>
        query
          .where('status', 'FAILED')
          .where('updated_at', '<', sqlTime(now.minus({ days: failedRetention })))
      ),
      // The delivery log: a pending delivery stays until it is delivered or given up.
      webhookDeliveries: await this.#deleteInBatches('webhook_deliveries', (query) =>
        query
          .whereIn('status', ['DELIVERED', 'FAILED'])
          .where('updated_at', '<', sqlTime(now.minus({ days: WEBHOOK_LOG_RETENTION_DAYS })))
      ),
      paymentEvents: await this.#deleteInBatches(
        'payment_events',
        (query) =>
          query.where(
            'created_at',
            '<',
            sqlTime(now.minus({ days: PAYMENT_EVENT_RETENTION_DAYS }))
          ),
        ['provider', 'event_id']
      ),
    }
    const total = Object.values(report).reduce((sum, count) => sum + count, 0)
    if (total > 0) logger.info({ pruned: report }, 'pruned expired rows')
    return report
  }

  /** Deletes the rows `matching` picks, a batch at a time, by the table's primary `key`. */
  async #deleteInBatches(
    table: string,
    matching: (query: DatabaseQueryBuilderContract) => DatabaseQueryBuilderContract,
    key: string[] = ['id']
  ): Promise<number> {
    let total = 0
    for (;;) {
      const batch = matching(db.from(table).select(key)).limit(BATCH_SIZE)
      const deleted = Number(await db.from(table).whereIn(key, batch).delete())
      total += deleted
      if (deleted < BATCH_SIZE) return total
    }
  }
}
