import { existsSync, rmSync } from 'node:fs'
import { randomInt } from 'node:crypto'
import fc from 'fast-check'
import { assert } from '@japa/assert'
import { apiClient, ApiClient } from '@japa/api-client'
import { authApiClient } from '@adonisjs/auth/plugins/api_client'
import app from '@adonisjs/core/services/app'
import type { Config, TestSuite } from '@japa/runner/types'
import { pluginAdonisJS } from '@japa/plugin-adonisjs'
import { dbAssertions } from '@adonisjs/lucid/plugins/db'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import limiter from '@adonisjs/limiter/services/main'
import { ensureEssentialData } from '#services/system/essential_data'
import { browserClient } from '@japa/browser-client'
import { chromium } from 'playwright'
import { sessionApiClient } from '@adonisjs/session/plugins/api_client'
import { shieldApiClient } from '@adonisjs/shield/plugins/api_client'
import { assertMatchesContract } from '#tests/helpers/contract'

/**
 * The browser suite drives Debian's Chromium (`apt-get install chromium`), or the browser named by
 * CHROMIUM_PATH. Without one the suite is left out with a notice, unless REQUIRE_BROWSER=1 (CI).
 */
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const browserAvailable = existsSync(chromiumPath)
if (!browserAvailable && process.env.REQUIRE_BROWSER !== '1') {
  process.stdout.write(
    `[ info ] no Chromium at ${chromiumPath}: the browser suite is skipped (apt-get install chromium)\n`
  )
}

/**
 * Property tests (fast-check) draw from one seed per run, printed at the start, so a failure can
 * be replayed exactly with `FC_SEED=<seed> npm test` (docs/testing.md).
 */
const fastCheckSeed = process.env.FC_SEED ? Number(process.env.FC_SEED) : randomInt(2 ** 31)
if (!Number.isSafeInteger(fastCheckSeed)) {
  throw new Error(`FC_SEED must be an integer, got "${process.env.FC_SEED}"`)
}
fc.configureGlobal({ seed: fastCheckSeed })
process.stdout.write(
  `[ info ] fast-check seed ${fastCheckSeed} (replay: FC_SEED=${fastCheckSeed})\n`
)

export const suites = app.rcFile.tests.suites.filter(
  (suite) => suite.name !== 'browser' || browserAvailable || process.env.REQUIRE_BROWSER === '1'
) as TestSuite[]

/** Japa plugins: assertions, the HTTP client, AdonisJS helpers and database assertions. */
export const plugins: Config['plugins'] = [
  assert(),
  apiClient(),
  authApiClient(app),
  sessionApiClient(app),
  shieldApiClient(),
  pluginAdonisJS(app),
  dbAssertions(app),
  browserClient({
    runInSuites: ['browser'],
    launcher: (options) =>
      chromium.launch({
        ...options,
        executablePath: chromiumPath,
        args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
      }),
  }),
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

/**
 * Every response the API client receives must match /openapi.json for its route and status
 * (tests/helpers/contract.ts), so the document cannot drift from what the code answers.
 */
ApiClient.teardown((response) => assertMatchesContract(response))

/** Functional suites talk to a real HTTP server. */
export const configureSuite: Config['configureSuite'] = (suite) => {
  if (['browser', 'functional'].includes(suite.name)) {
    return suite.setup(() => testUtils.httpServer().start())
  }
}
