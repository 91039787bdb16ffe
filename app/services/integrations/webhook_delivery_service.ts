import { DateTime } from 'luxon'
import { Webhook } from 'standardwebhooks'
import db from '@adonisjs/lucid/services/db'
import config from '@adonisjs/core/services/config'
import logger from '@adonisjs/core/services/logger'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import WebhookEndpoint from '#models/webhook_endpoint'
import User from '#models/user'
import { UserType } from '#enums/user_type'
import { sqlTime, millisOfRow } from '#support/sql_time'
import { claimDueDeliveries, type ClaimedDelivery } from '#queries/webhook_delivery_claim'
import { OutboxService } from '#services/mail/outbox_service'
import { openSecrets, signingSecrets } from '#services/integrations/webhook_secrets'
import { checkDestination, RefusedDestination } from '#services/integrations/webhook_destination'
import { postWebhook, type PostOutcome } from '#services/integrations/webhook_sender'

/** The lease of a claimed delivery: well above the 10 s an attempt may take. */
const CLAIM_SECONDS = 120
/** Deliveries claimed by one statement and sent at once. */
const BATCH_SIZE = 20
/**
 * Retry delays grow fivefold from 5 s (5 s, 25 s, 2 min: the first three inside 5 minutes), stop
 * growing at 6 hours, and vary by ±20 % so that endpoints that failed together do not all come
 * back at the same second.
 */
const FIRST_RETRY_SECONDS = 5
const RETRY_GROWTH = 5
const MAX_RETRY_SECONDS = 6 * 60 * 60
const JITTER = 0.2
/** A delivery is tried for this long after it was created, then set aside as FAILED. */
export const RETRY_WINDOW_HOURS = 72
/** An endpoint whose deliveries have all failed for this long is disabled, admins mailed. */
export const DISABLE_AFTER_DAYS = 3

/** The delay before retry number `attempts` (1 for the first retry), jitter included. */
export function retryDelaySeconds(attempts: number, random: () => number = Math.random): number {
  const base = Math.min(FIRST_RETRY_SECONDS * RETRY_GROWTH ** (attempts - 1), MAX_RETRY_SECONDS)
  return Math.max(1, Math.round(base * (1 - JITTER + 2 * JITTER * random())))
}

/** Outcome of one delivery pass. */
export interface WebhookPassReport {
  delivered: number
  failed: number
}

/** When a pass runs: the clock that decides what is due (tests move it forward). */
export interface PassOptions {
  limit?: number
  now?: () => DateTime
  stopping?: () => boolean
}

/**
 * Sends due webhook deliveries by the Standard Webhooks specification: each attempt signed afresh
 * (the `standardwebhooks` package; during a rotation's overlap by both secrets), with the same
 * `webhook-id` on every attempt; the destination checked again before each attempt (DNS
 * rebinding) and the connection made to the address checked. A non-2xx answer, a redirect, a
 * timeout or a refused destination is retried with backoff and jitter for `RETRY_WINDOW_HOURS`;
 * an endpoint failing for `DISABLE_AFTER_DAYS` is disabled and every administrator mailed,
 * through the outbox in the same transaction.
 */
export class WebhookDeliveryService {
  #outbox = new OutboxService()

  async deliverDue(options: PassOptions = {}): Promise<WebhookPassReport> {
    const limit = options.limit ?? 100
    const clock = options.now ?? (() => DateTime.now())
    const report: WebhookPassReport = { delivered: 0, failed: 0 }
    while (report.delivered + report.failed < limit && !options.stopping?.()) {
      const now = clock()
      const size = Math.min(BATCH_SIZE, limit - report.delivered - report.failed)
      const batch = await claimDueDeliveries(size, now, now.plus({ seconds: CLAIM_SECONDS }))
      if (batch.length === 0) break
      const endpoints = await this.#endpointsOf(batch)
      const outcomes = await Promise.all(
        batch.map((delivery) => this.#attempt(delivery, endpoints.get(delivery.endpointId), clock))
      )
      for (const outcome of outcomes) report[outcome] += 1
    }
    return report
  }

  async #endpointsOf(batch: ClaimedDelivery[]) {
    const ids = [...new Set(batch.map((delivery) => delivery.endpointId))]
    const endpoints = await WebhookEndpoint.query().whereIn('id', ids)
    return new Map(endpoints.map((endpoint) => [endpoint.id, endpoint]))
  }

  async #attempt(
    delivery: ClaimedDelivery,
    endpoint: WebhookEndpoint | undefined,
    clock: () => DateTime
  ): Promise<'delivered' | 'failed'> {
    const outcome = endpoint ? await this.#post(delivery, endpoint) : null
    const now = clock()
    const attemptedAt = sqlTime(now)
    const answered = outcome?.kind === 'answered' ? outcome : null
    const succeeded = answered !== null && answered.statusCode >= 200 && answered.statusCode < 300
    const attempt = {
      attempts: db.raw('attempts + 1'),
      locked_until: null,
      last_status_code: answered?.statusCode ?? null,
      last_duration_ms: outcome?.durationMs ?? null,
      last_response: answered?.body ?? null,
      last_error: outcome === null ? 'the endpoint was deleted' : errorOf(outcome),
      last_attempt_at: attemptedAt,
      updated_at: attemptedAt,
    }
    if (succeeded) {
      await db
        .from('webhook_deliveries')
        .where('id', delivery.id)
        .update({ ...attempt, status: 'DELIVERED', delivered_at: attemptedAt, last_error: null })
      if (endpoint?.failingSince) {
        await db
          .from('webhook_endpoints')
          .where('id', endpoint.id)
          .update({ failing_since: null, updated_at: attemptedAt })
      }
      return 'delivered'
    }
    const retryAt = now.plus({ seconds: retryDelaySeconds(delivery.attempts + 1) })
    const windowEnds = DateTime.fromMillis(millisOfRow(delivery.createdAt)).plus({
      hours: RETRY_WINDOW_HOURS,
    })
    const givenUp = endpoint === undefined || retryAt > windowEnds
    await db.transaction(async (trx) => {
      await trx
        .from('webhook_deliveries')
        .where('id', delivery.id)
        .update({
          ...attempt,
          status: givenUp ? 'FAILED' : 'PENDING',
          next_attempt_at: sqlTime(retryAt),
        })
      if (endpoint) await this.#recordEndpointFailure(trx, endpoint, now)
    })
    logger.warn(
      { deliveryId: delivery.id, endpointId: delivery.endpointId, attempts: delivery.attempts + 1 },
      givenUp ? 'webhook delivery failed for the last time' : 'webhook delivery failed; will retry'
    )
    return 'failed'
  }

  /** Signs and POSTs one attempt, after checking the destination again. */
  async #post(delivery: ClaimedDelivery, endpoint: WebhookEndpoint): Promise<PostOutcome> {
    let destination
    try {
      destination = await checkDestination(endpoint.url)
    } catch (error) {
      const reason = error instanceof RefusedDestination ? error.message : String(error)
      return { kind: 'error', error: `refused: ${reason}`, durationMs: 0 }
    }
    // The real time, whatever clock decides what is due: receivers check it against theirs.
    const sentAt = new Date()
    const signature = signingSecrets(openSecrets(endpoint), DateTime.fromJSDate(sentAt))
      .map((secret) => new Webhook(secret).sign(delivery.eventId, sentAt, delivery.payload))
      .join(' ')
    return postWebhook(
      destination,
      {
        'webhook-id': delivery.eventId,
        'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
        'webhook-signature': signature,
      },
      delivery.payload,
      config.get<number>('webhooks.timeoutMs', 10_000)
    )
  }

  /**
   * Marks the endpoint failing since now unless it already was; once it has been failing for
   * `DISABLE_AFTER_DAYS`, disables it (a conditional update: one worker does it, one set of mails)
   * and queues a mail to every active administrator.
   */
  async #recordEndpointFailure(
    trx: TransactionClientContract,
    endpoint: WebhookEndpoint,
    now: DateTime
  ) {
    await trx
      .from('webhook_endpoints')
      .where('id', endpoint.id)
      .whereNull('failing_since')
      .update({ failing_since: sqlTime(now), updated_at: sqlTime(now) })
    const disabled = await trx
      .from('webhook_endpoints')
      .where('id', endpoint.id)
      .where('enabled', true)
      .where('failing_since', '<=', sqlTime(now.minus({ days: DISABLE_AFTER_DAYS })))
      .update({ enabled: false, disabled_reason: 'failing', updated_at: sqlTime(now) })
    if (Number(disabled) === 0) return
    const admins = await User.query({ client: trx })
      .whereIn('user_type', [UserType.ADMIN, UserType.SUPER_ADMIN])
      .where('is_active', true)
      .select('email')
    const failingSince = (endpoint.failingSince ?? now).toUTC().toISO()!
    for (const admin of admins) {
      await this.#outbox.enqueue(trx, 'webhook_endpoint_disabled', {
        email: admin.email,
        endpointId: endpoint.id,
        url: endpoint.url,
        failingSince,
      })
    }
    logger.error({ endpointId: endpoint.id }, 'webhook endpoint disabled after failing for days')
  }
}

function errorOf(outcome: PostOutcome): string | null {
  if (outcome.kind === 'error') return outcome.error
  if (outcome.statusCode >= 300 && outcome.statusCode < 400) {
    return `answered ${outcome.statusCode}: redirects are not followed`
  }
  if (outcome.statusCode < 200 || outcome.statusCode >= 300) {
    return `answered ${outcome.statusCode}`
  }
  return null
}
