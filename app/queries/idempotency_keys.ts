import { randomUUID } from 'node:crypto'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { sqlTime } from '#support/sql_time'
import { CompiledQuery } from '#queries/compiled_query'

/**
 * A claim of a key not claimed yet, and the completion of a claim still held: every placement
 * sends both (`CompiledQuery`). Each answers the key's id when it wrote, nothing otherwise.
 */
const claimKey = new CompiledQuery<
  [id: string, userId: string, key: string, fingerprint: string, token: string, now: Date | string]
>(6, (client, id, userId, key, fingerprint, token, now) =>
  client
    .knexQuery()
    .table('idempotency_keys')
    .insert({
      id,
      user_id: userId,
      key,
      fingerprint,
      status: 'IN_PROGRESS',
      claim_token: token,
      checkout_id: null,
      claimed_at: now,
      created_at: now,
      updated_at: now,
    })
    .onConflict(['user_id', 'key'])
    .ignore()
    .returning(['id'])
)

const completeKey = new CompiledQuery<
  [id: string, token: string, checkoutId: string, now: Date | string]
>(4, (client, id, token, checkoutId, now) =>
  client
    .knexQuery()
    .table('idempotency_keys')
    .where('id', id)
    .where('claim_token', token)
    .where('status', 'IN_PROGRESS')
    .update({ status: 'COMPLETED', checkout_id: checkoutId, updated_at: now })
    .returning(['id'])
)

/**
 * Inserts an IN_PROGRESS row for the key unless one exists, and answers its id, or null when the
 * key is held. `ON CONFLICT DO NOTHING` rather than catching the unique violation, which would
 * abort the caller's transaction on PostgreSQL.
 */
export async function insertKeyClaim(
  trx: TransactionClientContract,
  claim: { userId: string; key: string; fingerprint: string; claimToken: string }
): Promise<string | null> {
  const now = sqlTime(undefined, trx)
  const inserted = await claimKey.rows<{ id: string }>(
    [randomUUID(), claim.userId, claim.key, claim.fingerprint, claim.claimToken, now],
    trx
  )
  return inserted[0]?.id ?? null
}

/** Marks a claim still held (its id and token) COMPLETED with its checkout; answers whether it did. */
export async function completeKeyClaim(
  trx: TransactionClientContract,
  claim: { id: string; token: string },
  checkoutId: string
): Promise<boolean> {
  const completed = await completeKey.rows(
    [claim.id, claim.token, checkoutId, sqlTime(undefined, trx)],
    trx
  )
  return completed.length === 1
}

/**
 * Moves an IN_PROGRESS claim to `token`, only while it still holds `heldToken`; answers whether
 * it did (another request may have taken it over first).
 */
export async function takeOverKeyClaim(
  trx: TransactionClientContract,
  id: string,
  heldToken: string,
  token: string
): Promise<boolean> {
  const now = sqlTime(undefined, trx)
  const taken = await trx
    .from('idempotency_keys')
    .where('id', id)
    .where('status', 'IN_PROGRESS')
    .where('claim_token', heldToken)
    .update({ claim_token: token, claimed_at: now, updated_at: now })
  return Number(taken) === 1
}
