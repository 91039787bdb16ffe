import { createHash, randomUUID } from 'node:crypto'
import { DateTime } from 'luxon'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import IdempotencyKey from '#models/idempotency_key'
import { IdempotencyInProgress, IdempotencyKeyReused } from '#exceptions/checkout_errors'
import { completeKeyClaim, insertKeyClaim, takeOverKeyClaim } from '#queries/idempotency_keys'
import env from '#start/env'

/**
 * A claim committed IN_PROGRESS older than this is taken to belong to a request that died with
 * its instance. Claims made by this code never commit IN_PROGRESS (they commit COMPLETED or roll
 * back); such rows come from a previous release that claimed in a transaction of its own, still
 * serving during a deploy. `IDEMPOTENCY_CLAIM_LEASE_SECONDS` overrides it; a claim taken over
 * while its request still runs only costs that request its placement, since completing checks
 * the claim token.
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
 * Place-order idempotency keys. A request claims its key inside the transaction that places the
 * orders, by inserting the row unless the unique (user, key) index already holds one: of any
 * number of requests with one key, on any number of instances, exactly one inserts it, and the
 * others wait for its transaction to end (PostgreSQL) or run after it (SQLite, one writer). The
 * winner completes the key in the same transaction, so a key is only ever seen COMPLETED, and a
 * placement that fails or dies takes its claim with it when it rolls back. A claim committed
 * IN_PROGRESS is busy until it is stale (`STALE_CLAIM_SECONDS`), then taken over. Keys are kept
 * `IDEMPOTENCY_RETENTION_HOURS` (default 72, never under the 24 hours clients are promised), then
 * removed by `node ace prune`.
 */
export class IdempotencyService {
  /** Claims the key for this request inside `trx`, or says what an earlier request with it did. */
  async claim(
    trx: TransactionClientContract,
    userId: string,
    key: string,
    fingerprint: string
  ): Promise<Claim> {
    for (let attempt = 1; attempt <= CLAIM_ATTEMPTS; attempt++) {
      const token = randomUUID()
      const id = await this.insertClaim(trx, { userId, key, fingerprint, claimToken: token })
      if (id) return { kind: 'claimed', id, token, fresh: true }

      const existing = await IdempotencyKey.query({ client: trx })
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
      const takenOver = await this.#takeOver(existing, trx)
      if (takenOver) return takenOver
    }
    throw new IdempotencyInProgress()
  }

  /**
   * The checkout an earlier request with this key completed, read outside any transaction (the
   * card placement asks before it opens an intent), or null; a key used with another request is
   * refused as `claim` refuses it.
   */
  async completedCheckout(
    userId: string,
    key: string,
    fingerprint: string
  ): Promise<string | null> {
    const existing = await IdempotencyKey.query().where('user_id', userId).where('key', key).first()
    if (!existing) return null
    if (existing.fingerprint !== fingerprint) throw new IdempotencyKeyReused()
    return existing.status === 'COMPLETED' ? existing.checkoutId : null
  }

  /**
   * Inserts an IN_PROGRESS row for the key unless one exists, and returns its id, or null when
   * the key is held. `ON CONFLICT DO NOTHING` rather than catching the unique violation, which
   * would abort the caller's transaction on PostgreSQL.
   */
  protected async insertClaim(
    trx: TransactionClientContract,
    claim: { userId: string; key: string; fingerprint: string; claimToken: string }
  ): Promise<string | null> {
    return insertKeyClaim(trx, claim)
  }

  /**
   * Marks the key COMPLETED with its checkout, inside the placement's transaction. Fails, and so
   * rolls the placement back, when the claim was taken over or released meanwhile.
   */
  async complete(
    claim: { id: string; token: string },
    checkoutId: string,
    trx: TransactionClientContract
  ): Promise<void> {
    if (!(await completeKeyClaim(trx, claim, checkoutId))) throw new IdempotencyInProgress()
  }

  async #takeOver(existing: IdempotencyKey, trx: TransactionClientContract): Promise<Claim | null> {
    const token = randomUUID()
    const taken = await takeOverKeyClaim(trx, existing.id, existing.claimToken, token)
    return taken ? { kind: 'claimed', id: existing.id, token, fresh: false } : null
  }
}
