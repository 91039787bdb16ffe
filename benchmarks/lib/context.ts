/*
| What the runner hands each scenario: the run's settings and report, and for the HTTP scenarios
| the database, the server under test with its meters, the client and the seeded customers.
*/
import type { BenchDatabase } from './database.js'
import type { CustomerPool, Customer, Fixture } from './fixture.js'
import type { HttpClient } from './http.js'
import type { Report } from './report.js'
import type { BackendCpu, BenchServer, ServerBuild } from './server.js'

/** A database the benchmark measures. */
export type DatabaseName = 'postgres' | 'sqlite'

/** The run's options (docs/performance.md, "Running the benchmark"). */
export interface BenchSettings {
  /** Measured time of each scenario. */
  seconds: number
  /** Customers to create. */
  customers: number
  build: ServerBuild
  /** PostgreSQL database of the benchmark (its `public` schema is dropped at the start). */
  pgUrl: string
  sqlitePath: string
  /**
   * Webhook endpoints subscribed to every event before the placements (`--webhook-endpoints`):
   * their events ride in the placement's outbox insert; the worker that would fan them out is off.
   */
  webhookEndpoints: number
}

/** What an HTTP scenario needs of the run: the server, its meters, the client and the customers. */
export interface HttpRun {
  settings: BenchSettings
  report: Report
  database: DatabaseName
  /** The benchmark's own connection to the database under test. */
  connection: BenchDatabase
  /** The server under test; a scenario that restarts it puts the new one here. */
  server: BenchServer
  /** Where the server listens and the environment it was started with. */
  port: number
  serverEnv: Record<string, string>
  backends?: BackendCpu
  api: HttpClient
  fixture: Fixture
  /** Customers with a ten-line cart, for the read scenarios (cart, summary). */
  readers: Customer[]
  /** Customers for placements. */
  pool: CustomerPool
}

/** The options of `measure` every HTTP scenario shares. */
export function meters(run: HttpRun) {
  return {
    database: run.database,
    seconds: run.settings.seconds,
    backends: run.backends,
    server: run.server,
  }
}
