import db from '@adonisjs/lucid/services/db'

/** Reports whether the database answers. */
export class HealthService {
  /** True when a trivial query succeeds on the default connection. */
  async databaseIsUp(): Promise<boolean> {
    try {
      await db.rawQuery('select 1')
      return true
    } catch {
      return false
    }
  }
}
