import { createHash, randomUUID } from 'node:crypto'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import IdempotencyKey from '#models/idempotency_key'
import { IdempotencyInProgress, IdempotencyKeyReused } from '#exceptions/checkout_errors'
import { isUniqueViolation } from '#support/db_errors'
import { sqlTime } from '#support/sql_time'
import env from '#start/env'

/**
 * An in-progress claim older than this is taken to belong to a request that died with its
 * instance. A placement takes well under a second; the margin covers a request queued behind a
 * full connection pool. `IDEMPOTENCY_CLAIM_LEASE_SECONDS` overrides it (the cluster test shortens
 * it); a claim taken over while its request still runs only costs that request its placement,
 * since completing checks the claim token.
 */
export const STALE_CLAIM_SECONDS = 120

const claimLeaseSeconds = () => env.get('IDEMPOTENCY_CLAIM_LEASE_SECONDS', STALE_CLAIM_SECONDS)

/**
 * What claiming a key gave: the right to place the orders (`fresh` when this request is the first
 * to use the key, not a takeover of a stale claim), or the orders already placed.
 */
export type Claim =
  | { kind: 'claimed'; id: string; token: string; fresh: boolean }
  | { kind: 'replay'; checkoutId: string }

/** How many times a claim is tried when the row it collided with keeps disappearing. */
const CLAIM_ATTEMPTS = 5

/** SHA-256 of a request, keys sorted, so the same request always gives the same fingerprint. */
export function fingerprintOf(request: Record<string, unknown>): string {
  const canonical = JSON.stringify(
    Object.fromEntries(
      Object.keys(request)
        .sort()
        .map((name) => [name, request[name] ?? null])
    )
  )
  return createHash('sha256').update(canonical).digest('hex')
}

/**
 * Place-order idempotency keys. A request claims its key by inserting the row in its own short
 * transaction: the unique (user, key) index lets exactly one request of any number, on any number
 * of instances, win. The winner places the orders and completes the key in the same transaction;
 * the others replay the completed result, or are told it is still in progress. Keys are kept
 * `IDEMPOTENCY_RETENTION_HOURS` (default 72, never under the 24 hours clients are promised), then
 * removed by `node ace prune`.
 */
export class IdempotencyService {
  /** Claims the key for this request, or says what an earlier request with it did. */
  async claim(userId: string, key: string, fingerprint: string): Promise<Claim> {
    for (let attempt = 1; attempt <= CLAIM_ATTEMPTS; attempt++) {
      const token = randomUUID()
      try {
        const row = await db.transaction((trx) =>
          IdempotencyKey.create(
            {
              userId,
              key,
              fingerprint,
              status: 'IN_PROGRESS',
              claimToken: token,
              checkoutId: null,
              claimedAt: DateTime.now(),
            },
            { client: trx }
          )
        )
        return { kind: 'claimed', id: row.id, token, fresh: true }
      } catch (error) {
        if (!isUniqueViolation(error)) throw error
      }

      const existing = await IdempotencyKey.query()
        .where('user_id', userId)
        .where('key', key)
        .first()
      // Released by a refused request between our insert and this read: claim it afresh.
      if (!existing) continue
      if (existing.fingerprint !== fingerprint) throw new IdempotencyKeyReused()
      if (existing.status === 'COMPLETED') {
        return { kind: 'replay', checkoutId: existing.checkoutId! }
      }
      if (existing.claimedAt > DateTime.now().minus({ seconds: claimLeaseSeconds() })) {
        throw new IdempotencyInProgress()
      }
      const takenOver = await this.#takeOver(existing)
      if (takenOver) return takenOver
    }
    throw new IdempotencyInProgress()
  }

  /**
   * Marks the key COMPLETED with its checkout, inside the placement's transaction. Fails, and so
   * rolls the placement back, when the claim was taken over meanwhile.
   */
  async complete(
    claim: { id: string; token: string },
    checkoutId: string,
    trx: TransactionClientContract
  ): Promise<void> {
    const completed = await trx
      .from('idempotency_keys')
      .where('id', claim.id)
      .where('claim_token', claim.token)
      .where('status', 'IN_PROGRESS')
      .update({ status: 'COMPLETED', checkout_id: checkoutId, updated_at: sqlTime(undefined, trx) })
    if (Number(completed) !== 1) throw new IdempotencyInProgress()
  }

  /**
   * Gives up a claim whose placement failed, so the client may retry with the same key. A
   * completed key is never deleted: if the placement in fact committed, the key keeps its orders.
   */
  async release(claim: { id: string; token: string }): Promise<void> {
    await db
      .from('idempotency_keys')
      .where('id', claim.id)
      .where('claim_token', claim.token)
      .where('status', 'IN_PROGRESS')
      .delete()
  }

  async #takeOver(existing: IdempotencyKey): Promise<Claim | null> {
    const token = randomUUID()
    const now = sqlTime()
    const taken = await db
      .from('idempotency_keys')
      .where('id', existing.id)
      .where('status', 'IN_PROGRESS')
      .where('claim_token', existing.claimToken)
      .update({ claim_token: token, claimed_at: now, updated_at: now })
    return Number(taken) === 1 ? { kind: 'claimed', id: existing.id, token, fresh: false } : null
  }
}
