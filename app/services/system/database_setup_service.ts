import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import { MigrationRunner } from '@adonisjs/lucid/migration'
import { ensureEssentialData } from '#services/system/essential_data'
import { underMigrationLock } from '#queries/migration_lock'

/**
 * Brings the database to the current schema and writes the rows a fresh database needs.
 * Instances starting together against one PostgreSQL wait for each other on an advisory lock
 * held for the whole step, so exactly one of them migrates and the others find nothing to do.
 */
export class DatabaseSetupService {
  /** Applies pending migrations, then the essential seeds. */
  async prepare(): Promise<void> {
    await underMigrationLock(() => this.#migrateAndSeed())
  }

  async #migrateAndSeed() {
    const runner = new MigrationRunner(db, app, { direction: 'up', disableLocks: true })
    await runner.run()
    if (runner.error) throw runner.error
    const applied = Object.keys(runner.migratedFiles)
    if (applied.length) logger.info({ migrations: applied }, 'applied pending migrations')
    await ensureEssentialData()
  }
}
