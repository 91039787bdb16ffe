import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import type { DateTime } from 'luxon'
import { sqlTime } from '#support/sql_time'

/** A shop's ledger summed, in integer cents: `available + pending` is the sum of its entries. */
export interface LedgerBalance {
  available: number
  pending: number
}

/**
 * Sums a shop's ledger as of `now` (docs/api/ledger.md, "Balance"). An ORDER_EARNING entry is
 * pending while its order is not cancelled and was not delivered at least `holdDays` before
 * `now` (its delivery read from the order's history, which is append-only like the ledger), and
 * its seller did not collect the order's cash on delivery (the seller already holds that money:
 * nothing of it waits for the marketplace, so the earning and the cash count at once and the
 * balance falls by the marketplace's take); every other entry counts at once, so `available`
 * can be negative. One statement.
 */
export async function ledgerBalance(
  client: QueryClientContract,
  shopId: string,
  now: DateTime,
  holdDays: number
): Promise<LedgerBalance> {
  const releasedBefore = sqlTime(now.minus({ days: holdDays }), client)
  const released = client
    .from('order_status_history as history')
    .whereRaw('history.order_id = entries.order_id')
    .where('history.field', 'STATUS')
    .where('history.to_value', 'DELIVERED')
    .where('history.created_at', '<=', releasedBefore)
    .select(client.raw('1'))
  const cash = client
    .from('ledger_entries as cash')
    .whereRaw('cash.order_id = entries.order_id')
    .where('cash.type', 'CASH_COLLECTED')
    .select(client.raw('1'))
  const pendingEarning = client
    .from('orders')
    .whereRaw('orders.id = entries.order_id')
    .whereNot('orders.status', 'CANCELLED')
    .whereNotExists(released)
    .whereNotExists(cash)
    .select(client.raw('1'))
  const pendingSql = pendingEarning.toSQL()
  const [row] = await client
    .from('ledger_entries as entries')
    .where('entries.shop_id', shopId)
    .select(
      client.raw('coalesce(sum(entries.amount_cents), 0) as total'),
      client.raw(
        `coalesce(sum(case when entries.type = 'ORDER_EARNING' and exists (${pendingSql.sql}) then entries.amount_cents else 0 end), 0) as pending`,
        pendingSql.bindings as never
      )
    )
  const total = Number(row?.total ?? 0)
  const pending = Number(row?.pending ?? 0)
  return { available: total - pending, pending }
}
