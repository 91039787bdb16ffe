/*
| `npm run bench`: the service's speed on SQLite and PostgreSQL, against a real server started
| for the purpose, with per-operation CPU (server process and database backends, from /proc),
| SQL round trips (counted by the server's probe, `benchmarks/sql_probe.js`), and on PostgreSQL
| the ceiling pgbench reaches with the very statements our place-order sends. Numbers are
| recorded in benchmarks/results/<date>.json and printed, never asserted. Options and the method
| are in docs/performance.md.
|
| This file is the runner: the options, the order of the scenarios and what is printed and
| written. Each scenario is a file of benchmarks/scenarios/.
*/
import { mkdirSync, writeFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import type { BenchSettings, DatabaseName, HttpRun } from './lib/context.js'
import { type BenchDatabase, PostgresBenchDatabase, SqliteBenchDatabase } from './lib/database.js'
import {
  ADMIN_EMAIL,
  copyCart,
  CustomerPool,
  PASSWORD,
  READERS,
  seed,
  subscribeWebhookEndpoints,
} from './lib/fixture.js'
import { HttpClient } from './lib/http.js'
import { describeMachine } from './lib/proc.js'
import { log, printTable, Report } from './lib/report.js'
import {
  BackendCpu,
  BenchServer,
  databaseEnv,
  freePort,
  SERVER_APPLICATION_NAME,
  type ServerBuild,
} from './lib/server.js'
import { SmtpSink } from './lib/smtp_sink.js'
import { cartRead } from './scenarios/cart_read.js'
import { catalogList } from './scenarios/catalog_list.js'
import { ceiling } from './scenarios/ceiling.js'
import { health } from './scenarios/health.js'
import { login } from './scenarios/login.js'
import { loops } from './scenarios/loops.js'
import { mail } from './scenarios/mail.js'
import { placementCart, placeOrderAlone } from './scenarios/place_order.js'
import { placeOrderWithStripe } from './scenarios/place_order_stripe.js'
import { productRead } from './scenarios/product_read.js'
import { pure } from './scenarios/pure.js'
import { startup } from './scenarios/startup.js'
import { search } from './scenarios/search.js'
import { summaryCoupon } from './scenarios/summary_coupon.js'

const SCENARIOS = [
  'pure',
  'health',
  'product-read',
  'catalog-list',
  'cart-read',
  'summary-coupon',
  'search',
  'place-order-stripe',
  'place-order',
  'loop-1',
  'loop-10',
  'ceiling',
  'mail',
  'startup',
] as const
type Scenario = (typeof SCENARIOS)[number]

/** The read scenarios, run in this order after the login. */
const READ_SCENARIOS: Array<[Scenario, (run: HttpRun) => Promise<void>]> = [
  ['health', health],
  ['product-read', productRead],
  ['catalog-list', catalogList],
  ['cart-read', cartRead],
  ['summary-coupon', summaryCoupon],
  // Last: the products it adds would lengthen the other lists.
  ['search', search],
]

const { values: flags } = parseArgs({
  options: {
    'db': { type: 'string', default: process.env.BENCH_DATABASES ?? 'sqlite,pg' },
    'scenarios': { type: 'string', default: process.env.BENCH_SCENARIOS ?? SCENARIOS.join(',') },
    'seconds': { type: 'string', default: process.env.BENCH_SECONDS ?? '10' },
    'customers': { type: 'string', default: process.env.BENCH_CUSTOMERS ?? '500' },
    'build': { type: 'string', default: process.env.BENCH_BUILD ?? 'source' },
    'out': { type: 'string', default: process.env.BENCH_OUT },
    'webhook-endpoints': { type: 'string', default: process.env.BENCH_WEBHOOK_ENDPOINTS ?? '0' },
  },
})

const selected = new Set(flags.scenarios!.split(',').map((name) => name.trim()))
for (const name of selected) {
  if (!SCENARIOS.includes(name as Scenario)) {
    throw new Error(`unknown scenario "${name}"; known: ${SCENARIOS.join(', ')}`)
  }
}
const wants = (scenario: Scenario) => selected.has(scenario)
const databases: DatabaseName[] = flags
  .db!.split(',')
  .map((name) => (name.trim() === 'pg' ? 'postgres' : 'sqlite'))
const settings: BenchSettings = {
  seconds: Number(flags.seconds),
  customers: Number(flags.customers),
  build: flags.build as ServerBuild,
  pgUrl: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/commerce_bench',
  sqlitePath: 'tmp/bench.sqlite3',
  webhookEndpoints: Number(flags['webhook-endpoints']),
}
const report = new Report()

/** Runs every selected HTTP scenario against one database, on a fresh database and server. */
async function benchDatabase(database: DatabaseName, sink: SmtpSink) {
  log(`${database}: preparing a fresh database`)
  if (database === 'postgres') {
    await PostgresBenchDatabase.create(settings.pgUrl)
    await PostgresBenchDatabase.reset(settings.pgUrl)
  } else {
    SqliteBenchDatabase.reset(settings.sqlitePath)
  }
  const port = await freePort()
  const serverEnv = {
    ...databaseEnv(database, settings),
    MAIL_WORKER: 'false',
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(sink.port),
    SUPER_ADMIN_EMAIL: ADMIN_EMAIL,
    SUPER_ADMIN_PASSWORD: PASSWORD,
    // The endpoints of `--webhook-endpoints` are local addresses, never called (no worker runs).
    ...(settings.webhookEndpoints > 0 ? { WEBHOOK_ALLOW_PRIVATE: 'true' } : {}),
  }
  const server = await BenchServer.start({ port, build: settings.build, env: serverEnv })
  const connection: BenchDatabase =
    database === 'postgres'
      ? await PostgresBenchDatabase.connect(settings.pgUrl)
      : new SqliteBenchDatabase(settings.sqlitePath)
  const backends =
    connection instanceof PostgresBenchDatabase
      ? new BackendCpu(connection, SERVER_APPLICATION_NAME)
      : undefined
  const api = new HttpClient(`http://127.0.0.1:${port}`)
  let run: HttpRun | undefined

  try {
    log(`${database}: seeding shops, products, a coupon and ${settings.customers} customers`)
    const fixture = await seed(api, connection, settings.customers)
    await subscribeWebhookEndpoints(api, settings.webhookEndpoints)
    run = {
      settings,
      report,
      database,
      connection,
      server,
      port,
      serverEnv,
      backends,
      api,
      fixture,
      readers: fixture.customers.slice(0, READERS),
      pool: new CustomerPool(fixture.customers.slice(READERS)),
    }
    await login(run)
    await copyCart(connection, fixture.template.id, run.readers)

    for (const [name, scenario] of READ_SCENARIOS) if (wants(name)) await scenario(run)
    const cartTemplate = await placementCart(run)
    if (wants('place-order-stripe')) await placeOrderWithStripe(run, cartTemplate)
    if (wants('place-order')) await placeOrderAlone(run, cartTemplate)
    if (wants('loop-1')) await loops(run, 1)
    if (wants('loop-10')) await loops(run, 10)
    if (wants('ceiling')) await ceiling(run)
    if (wants('mail')) {
      await run.server.stop()
      run.server = await mail(run, sink)
    }
  } finally {
    api.close()
    await (run?.server ?? server).stop()
    await connection.close()
  }
}

const machine = {
  ...describeMachine(),
  postgres: null as string | null,
  // What the person running the benchmark knows of the machine that /proc does not say.
  note: process.env.BENCH_NOTE ?? null,
}
if (wants('pure')) pure(report)
const sink = await SmtpSink.start()
try {
  for (const database of databases) {
    if (database === 'postgres') {
      await PostgresBenchDatabase.create(settings.pgUrl)
      const probe = await PostgresBenchDatabase.connect(settings.pgUrl)
      const [row] = await probe.query<{ version: string }>('select version()')
      machine.postgres = row.version
      await probe.close()
    }
    const httpScenarios = SCENARIOS.filter((name) => !['pure', 'startup'].includes(name))
    if (httpScenarios.some(wants)) await benchDatabase(database, sink)
    if (wants('startup')) await startup(database, settings, report)
  }
} finally {
  await sink.close()
}

const markdown = printTable(report)
const date = new Date().toISOString().slice(0, 10)
const out = flags.out ?? `benchmarks/results/${date}.json`
mkdirSync('benchmarks/results', { recursive: true })
writeFileSync(
  out,
  `${JSON.stringify(
    {
      date: new Date().toISOString(),
      machine,
      options: {
        databases,
        scenarios: [...selected],
        seconds: settings.seconds,
        customers: settings.customers,
        build: settings.build,
      },
      results: report.results,
      ...report.extras,
      table: markdown,
    },
    null,
    2
  )}\n`
)
log(`results written to ${out}`)
