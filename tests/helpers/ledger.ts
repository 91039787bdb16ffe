import db from '@adonisjs/lucid/services/db'

/**
 * Erases the ledger entries of `shopIds` and `orderIds` that a test outside the test
 * transaction committed, so its clean-up can delete the orders, refunds and shops they point
 * at. The ledger is append-only (its triggers refuse every DELETE), so this is the one place that
 * steps around them, and only for a test's own rows: on PostgreSQL a transaction in replica
 * mode, where ordinary triggers do not fire; on SQLite the DELETE trigger dropped and made again
 * from its own text in one transaction.
 */
export async function eraseLedgerOf(shopIds: string[], orderIds: string[]) {
  if (shopIds.length === 0 && orderIds.length === 0) return
  await db.transaction(async (trx) => {
    const erase = () =>
      trx
        .from('ledger_entries')
        .where((query) => {
          query.whereIn('shop_id', shopIds).orWhereIn('order_id', orderIds)
        })
        .delete()
    if (trx.dialect.name === 'postgres') {
      await trx.rawQuery('set local session_replication_role = replica')
      await erase()
      return
    }
    const [trigger] = await trx
      .from('sqlite_master')
      .where('type', 'trigger')
      .where('name', 'ledger_entries_no_delete')
      .select('sql')
    await trx.rawQuery('drop trigger if exists ledger_entries_no_delete')
    await erase()
    if (trigger) await trx.rawQuery(trigger.sql)
  })
}
