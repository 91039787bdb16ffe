import type { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { sqlTime } from '#support/sql_time'

/** A claimed delivery as the worker reads it. */
export interface ClaimedDelivery {
  id: string
  endpointId: string
  eventId: string
  payload: string
  attempts: number
  createdAt: Date | string
}

/**
 * Takes up to `size` deliveries due at `now` until `leaseUntil`, in one conditional update, so two
 * workers (two instances) never take the same one; PostgreSQL skips rows another worker is
 * claiming at that moment (`FOR UPDATE SKIP LOCKED`), SQLite runs one write at a time anyway.
 * Only deliveries of enabled endpoints are taken, and only the earliest pending one of each
 * resource per endpoint: a later event of an order waits until the earlier one is delivered (or
 * given up), so a receiver sees the events of one resource in the order they happened, also
 * after an outage.
 */
export async function claimDueDeliveries(
  size: number,
  now: DateTime,
  leaseUntil: DateTime
): Promise<ClaimedDelivery[]> {
  const due = db
    .from('webhook_deliveries as d')
    .select('d.id')
    .where('d.status', 'PENDING')
    .where('d.next_attempt_at', '<=', sqlTime(now))
    .where((query) =>
      query.whereNull('d.locked_until').orWhere('d.locked_until', '<', sqlTime(now))
    )
    .whereIn('d.endpoint_id', db.from('webhook_endpoints').select('id').where('enabled', true))
    .whereNotExists(
      db
        .from('webhook_deliveries as earlier')
        .select(db.raw('1'))
        .whereColumn('earlier.endpoint_id', 'd.endpoint_id')
        .whereColumn('earlier.resource_key', 'd.resource_key')
        .where('earlier.status', 'PENDING')
        .where((before) =>
          before
            .whereColumn('earlier.occurred_at', '<', 'd.occurred_at')
            .orWhere((tie) =>
              tie
                .whereColumn('earlier.occurred_at', '=', 'd.occurred_at')
                .whereColumn('earlier.id', '<', 'd.id')
            )
        )
    )
    .orderBy('d.next_attempt_at', 'asc')
    .limit(size)
  if (db.connection().dialect.name === 'postgres') due.forUpdate().skipLocked()
  const rows = await db
    .from('webhook_deliveries')
    .whereIn('id', due)
    .update({ locked_until: sqlTime(leaseUntil) }, [
      'id',
      'endpoint_id',
      'event_id',
      'payload',
      'attempts',
      'created_at',
    ])
  return rows.map((row: Record<string, any>) => ({
    id: row.id,
    endpointId: row.endpoint_id,
    eventId: row.event_id,
    payload: row.payload,
    attempts: Number(row.attempts),
    createdAt: row.created_at,
  }))
}
