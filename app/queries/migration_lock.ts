import db from '@adonisjs/lucid/services/db'

/** Key of the PostgreSQL advisory lock that serialises start-up migrations across instances. */
const MIGRATION_LOCK_KEY = 7_314_159

/**
 * Runs `work` while holding, on PostgreSQL, an advisory lock held until it ends, so instances
 * starting together against one database run it one after another. SQLite is one file of one
 * instance: `work` simply runs.
 */
export async function underMigrationLock(work: () => Promise<void>): Promise<void> {
  if (db.connection().dialect.name !== 'postgres') return work()
  await db.transaction(async (lock) => {
    await lock.rawQuery('select pg_advisory_xact_lock(?)', [MIGRATION_LOCK_KEY])
    await work()
  })
}
