import { rmSync } from 'node:fs'
import { assert } from '@japa/assert'
import { apiClient } from '@japa/api-client'
import { authApiClient } from '@adonisjs/auth/plugins/api_client'
import app from '@adonisjs/core/services/app'
import type { Config } from '@japa/runner/types'
import { pluginAdonisJS } from '@japa/plugin-adonisjs'
import { dbAssertions } from '@adonisjs/lucid/plugins/db'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import limiter from '@adonisjs/limiter/services/main'
import { ensureEssentialData } from '#services/system/essential_data'

/** Japa plugins: assertions, the HTTP client, AdonisJS helpers and database assertions. */
export const plugins: Config['plugins'] = [
  assert(),
  apiClient(),
  authApiClient(app),
  pluginAdonisJS(app),
  dbAssertions(app),
]

/**
 * Before the run: a fresh schema (the SQLite file is deleted first; a PostgreSQL database is
 * migrated up and rolled back down afterwards), then the essential rows every database has.
 * With REDIS_URL set, point it at a database kept for tests: the limiter store is flushed.
 */
export const runnerHooks: Required<Pick<Config, 'setup' | 'teardown'>> = {
  setup: [
    async () => {
      const config = db.getRawConnection(db.primaryConnectionName)?.config
      if (config?.client === 'better-sqlite3') {
        const filename = (config.connection as { filename: string }).filename
        await db.manager.closeAll()
        for (const suffix of ['', '-wal', '-shm']) rmSync(`${filename}${suffix}`, { force: true })
      }
    },
    () => testUtils.db().migrate(),
    () => ensureEssentialData(),
    // Counters left by an earlier run (Redis outlives the process) must not throttle this one.
    () => limiter.clear(),
  ],
  teardown: [],
}

/** Functional suites talk to a real HTTP server. */
export const configureSuite: Config['configureSuite'] = (suite) => {
  if (['browser', 'functional'].includes(suite.name)) {
    return suite.setup(() => testUtils.httpServer().start())
  }
}
