import type { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import OutboxMessage from '#models/outbox_message'
import { sqlTime } from '#support/sql_time'

/** A claimed message as the worker reads it. */
export type ClaimedMessage = Pick<
  OutboxMessage,
  'id' | 'kind' | 'payload' | 'attempts' | 'secret' | 'expiresAt' | 'createdAt'
>

/**
 * Takes up to `size` messages due at `now` (pending, unclaimed or their lease over) until
 * `leaseUntil`, oldest due first, in one conditional update, so two workers never take the same
 * message. PostgreSQL skips the rows another worker is claiming at that moment instead of waiting
 * for them (`FOR UPDATE SKIP LOCKED`); SQLite runs one write at a time anyway.
 */
export async function claimDueMessages(
  size: number,
  now: DateTime,
  leaseUntil: DateTime
): Promise<ClaimedMessage[]> {
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
    .update({ locked_until: sqlTime(leaseUntil) }, [
      'id',
      'kind',
      'payload',
      'attempts',
      'secret',
      'expires_at',
      'created_at',
    ])
  return rows.map((row: Record<string, unknown>) => OutboxMessage.$createFromAdapterResult(row)!)
}
