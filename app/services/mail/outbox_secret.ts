import { DateTime } from 'luxon'
import encryption from '@adonisjs/core/services/encryption'

/**
 * Fields of a mail that must never be stored in clear (one-time codes), with the instant they
 * stop being of use. The outbox stores them encrypted beside the clear payload and merges them
 * back in only to build the mail.
 */
export interface OutboxSecret {
  fields: Record<string, unknown>
  expiresAt: DateTime
}

/** What of an outbox row a sealed secret is bound to. */
interface SealedFor {
  id: string
  kind: string
  payload: Record<string, unknown>
}

/**
 * The encryption purpose of a row's secret. Binding it to the row, its kind and its recipient
 * means a sealed code copied into another row, or left in a row whose address was changed, no
 * longer opens: whoever can write the table still cannot have a code mailed elsewhere.
 */
function purposeOf(row: SealedFor): string {
  return `outbox-secret:${row.id}:${row.kind}:${String(row.payload.email)}`
}

/**
 * Encrypts `secret` for `row` with the application's encryption (AES-256-GCM with APP_KEY,
 * config/encryption.ts), so a copy of the database (a dump, a backup, a replica) shows no code.
 * The expiry travels inside the ciphertext: the stored `expires_at` column only serves SQL sweeps,
 * and changing it cannot make a code live longer.
 */
export function sealSecret(row: SealedFor, secret: OutboxSecret): string {
  return encryption.encrypt(
    { fields: secret.fields, expiresAt: secret.expiresAt.toUTC().toISO() },
    { purpose: purposeOf(row) }
  )
}

/**
 * The secret sealed in `row`, or null when there is none or it does not open for this row (sealed
 * for another row or recipient, altered, or sealed under an APP_KEY that is no longer configured).
 */
export function openSecret(row: SealedFor & { secret: string | null }): OutboxSecret | null {
  if (!row.secret) return null
  const opened = encryption.decrypt<{ fields: Record<string, unknown>; expiresAt: string }>(
    row.secret,
    purposeOf(row)
  )
  if (!opened) return null
  return { fields: opened.fields, expiresAt: DateTime.fromISO(opened.expiresAt, { zone: 'utc' }) }
}
