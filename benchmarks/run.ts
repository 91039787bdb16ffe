/*
| `npm run bench`: the service's speed on SQLite and PostgreSQL, against a real server started
| for the purpose, with per-operation CPU (server process and database backends, from /proc),
| SQL round trips (counted by the server's probe, `start/bench_probe.ts`), and on PostgreSQL the
| ceiling pgbench reaches with the very statements our place-order sends. Numbers are recorded
| in benchmarks/results/<date>.json and printed, never asserted. Options and the method are in
| docs/performance.md.
*/
import { randomUUID } from 'node:crypto'
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { createServer, type AddressInfo } from 'node:net'
import { parseArgs } from 'node:util'
import { setTimeout as sleep } from 'node:timers/promises'
import { priceCheckout } from '../app/services/checkout/pricing.js'
import { evaluateCoupon } from '../app/services/coupons/coupon_rules.js'
import { type BenchDatabase, PostgresBenchDatabase, SqliteBenchDatabase } from './lib/database.js'
import { HttpClient } from './lib/http.js'
import { measure, type Measurement, type Operation } from './lib/load.js'
import { buildScript, prepareClients, runPgbench, type CustomerValues } from './lib/pgbench.js'
import { cpuMs, describeMachine, findNodeProcess, rssMiB } from './lib/proc.js'
import { BackendCpu, BenchServer, SERVER_APPLICATION_NAME, type ServerBuild } from './lib/server.js'
import { SmtpSink } from './lib/smtp_sink.js'

const SCENARIOS = [
  'pure',
  'health',
  'product-read',
  'catalog-list',
  'cart-read',
  'summary-coupon',
  'place-order',
  'loop-1',
  'loop-10',
  'ceiling',
  'mail',
  'startup',
] as const
type Scenario = (typeof SCENARIOS)[number]

const { values: flags } = parseArgs({
  options: {
    db: { type: 'string', default: process.env.BENCH_DATABASES ?? 'sqlite,pg' },
    scenarios: { type: 'string', default: process.env.BENCH_SCENARIOS ?? SCENARIOS.join(',') },
    seconds: { type: 'string', default: process.env.BENCH_SECONDS ?? '10' },
    customers: { type: 'string', default: process.env.BENCH_CUSTOMERS ?? '500' },
    build: { type: 'string', default: process.env.BENCH_BUILD ?? 'source' },
    out: { type: 'string', default: process.env.BENCH_OUT },
  },
})

const selected = new Set(flags.scenarios!.split(',').map((name) => name.trim()))
for (const name of selected) {
  if (!SCENARIOS.includes(name as Scenario)) {
    throw new Error(`unknown scenario "${name}"; known: ${SCENARIOS.join(', ')}`)
  }
}
const wants = (scenario: Scenario) => selected.has(scenario)
const databases = flags.db!.split(',').map((name) => (name.trim() === 'pg' ? 'postgres' : 'sqlite'))
const SECONDS = Number(flags.seconds)
const CUSTOMERS = Number(flags.customers)
const BUILD = flags.build as ServerBuild
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/commerce_bench'
const SQLITE_PATH = 'tmp/bench.sqlite3'
const PASSWORD = 'Bench-Lantern-4821'
const ADMIN_EMAIL = 'bench-admin@example.com'
/** New place-order keys a customer may use a minute is 10; the benchmark stays below. */
const PLACEMENTS_PER_CUSTOMER = 9
/** Customers kept for the read scenarios (cart, summary), each with a ten-line cart. */
const READERS = 10
const MAIL_BACKLOG = 5000
/** The mail of 100 placements a second: each queues a confirmation and a new-order notice. */
const MAIL_LOAD_PER_SECOND = 200
const MAIL_LOAD_SECONDS = 60
/** Longer than the worker's polling interval, so mail queued just before the end can go. */
const MAIL_LOAD_GRACE_SECONDS = 5

/** A customer of the benchmark: its rows and, once logged in, its access token. */
interface Customer {
  id: string
  email: string
  addressId: string
  token?: string
  sessionId?: string
  placements: number
}

/** What seeding created and every scenario uses. */
interface Fixture {
  methodId: string
  couponCode: string
  productIds: string[]
  hotProductId: string
  template: Customer
  customers: Customer[]
}

/** An address per simulated client, from the benchmarking range 198.18.0.0/15. */
const clientAddress = (index: number) => `198.18.${(index >> 8) & 255}.${index & 255}`

const results: Measurement[] = []
const extras: Record<string, unknown> = {}

function log(message: string) {
  process.stdout.write(`[bench] ${message}\n`)
}

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

/** The server's environment for one database. */
function databaseEnv(database: 'postgres' | 'sqlite'): Record<string, string> {
  if (database === 'sqlite') return { DB_CONNECTION: 'sqlite', DB_PATH: SQLITE_PATH }
  const url = new URL(PG_URL)
  url.searchParams.set('application_name', SERVER_APPLICATION_NAME)
  return { DB_CONNECTION: 'pg', DATABASE_URL: url.toString() }
}

async function createPostgresDatabase() {
  const url = new URL(PG_URL)
  const name = decodeURIComponent(url.pathname.slice(1))
  url.pathname = '/postgres'
  const maintenance = await PostgresBenchDatabase.connect(url.toString())
  const exists = await maintenance.query('select 1 from pg_database where datname = ?', [name])
  if (exists.length === 0)
    await maintenance.query(`create database "${name.replaceAll('"', '""')}"`)
  await maintenance.close()
}

/** The pure money modules, in process: the floor under every priced request. */
function measurePure() {
  const shops = Array.from({ length: 10 }, (_shop, s) => ({
    shopId: `shop-${s}`,
    lines: Array.from({ length: 5 }, (_line, l) => ({
      unitPrice: 999 + s * 100 + l,
      quantity: 1 + l,
    })),
  }))
  const coupon = {
    discountType: 'PERCENTAGE' as const,
    discountValue: 1250,
    minOrderAmount: 1000,
    maxDiscountAmount: 5000,
    startsAt: Date.UTC(2026, 0, 1),
    endsAt: Date.UTC(2027, 0, 1),
    usageLimit: 100,
    usageCount: 10,
    isActive: true,
  }
  const pure: Record<string, number> = {}
  for (const [name, fn] of [
    [
      'pricing: 10 shops x 5 lines',
      () => priceCheckout({ shops, shippingPrice: 500, taxRate: 8250, discount: 1234 }),
    ],
    [
      'coupon rules: percentage with cap',
      () => evaluateCoupon(coupon, 123_456, Date.UTC(2026, 5, 1)),
    ],
  ] as const) {
    for (let i = 0; i < 1000; i++) fn()
    let operations = 0
    const started = performance.now()
    while (performance.now() - started < 1000) {
      for (let i = 0; i < 1000; i++) fn()
      operations += 1000
    }
    pure[name] = Math.round(operations / ((performance.now() - started) / 1000))
  }
  extras.pure = pure
  for (const [name, rate] of Object.entries(pure))
    log(`${name}: ${rate.toLocaleString('en-US')} ops/s`)
}

/**
 * Registers an account and marks its e-mail verified in SQL: the code is sealed in the outbox
 * (encrypted with the server's APP_KEY) and never delivered here (the worker is off), and
 * verification is not what the benchmark measures.
 */
async function verifiedAccount(
  api: HttpClient,
  database: BenchDatabase,
  email: string,
  userType: 'seller' | 'customer',
  address: string
) {
  const headers = { 'x-forwarded-for': address }
  const registered = await api.expect('POST', '/auth/register', {
    body: { email, password: PASSWORD, userType },
    headers,
  })
  await database.query('update users set email_verified_at = current_timestamp where id = ?', [
    registered.data.id,
  ])
  const login = await api.expect('POST', '/auth/login', {
    body: { email, password: PASSWORD, userType },
    headers,
  })
  return { id: registered.data.id as string, token: login.data.accessToken as string }
}

const bearer = (token: string, client: number) => ({
  'authorization': `Bearer ${token}`,
  'x-forwarded-for': clientAddress(client + 1),
})

/** The session (refresh-token family) an access token belongs to, read from its payload. */
const sessionOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')).sid as string

/**
 * Shops, products, a coupon and a template customer through the API; then `CUSTOMERS` customers
 * copied from the template (with its address) in SQL, since registering each through the API
 * would take minutes of password hashing and e-mail codes.
 */
async function seed(api: HttpClient, database: BenchDatabase): Promise<Fixture> {
  const adminLogin = await api.expect('POST', '/auth/login', {
    body: { email: ADMIN_EMAIL, password: PASSWORD, userType: 'admin' },
    headers: { 'x-forwarded-for': clientAddress(9000) },
  })
  const admin = adminLogin.data.accessToken as string
  const seller = await verifiedAccount(
    api,
    database,
    'bench-seller@example.com',
    'seller',
    clientAddress(9001)
  )
  const asSeller = { authorization: `Bearer ${seller.token}` }
  const asAdmin = { authorization: `Bearer ${admin}` }

  const productIds: string[] = []
  for (let s = 0; s < 5; s++) {
    const shop = await api.expect('POST', '/api/v1/seller/shops', {
      body: { name: `Bench shop ${s}`, description: 'Bench' },
      headers: asSeller,
    })
    await api.expect('PUT', `/api/v1/admin/shops/${shop.id}/approve`, { headers: asAdmin })
    for (let p = 0; p < 40; p++) {
      const product = await api.expect('POST', '/api/v1/seller/products', {
        body: {
          shopId: shop.id,
          name: `Mug ${s}-${p}`,
          sku: `B-${s}-${p}`,
          price: 10 + p,
          stock: 1_000_000,
        },
        headers: asSeller,
      })
      productIds.push(product.id)
    }
  }
  const couponCode = 'BENCH10'
  await api.expect('POST', '/api/v1/admin/coupons', {
    body: {
      code: couponCode,
      discountType: 'PERCENTAGE',
      discountValue: 10,
      minOrderAmount: 0,
      maxDiscountAmount: null,
      startDate: '2020-01-01T00:00:00',
      endDate: '2099-12-31T23:59:59',
      usageLimit: null,
      isActive: true,
    },
    headers: asAdmin,
  })

  const templateEmail = 'bench-customer@example.com'
  const templateAccount = await verifiedAccount(
    api,
    database,
    templateEmail,
    'customer',
    clientAddress(9002)
  )
  const asTemplate = { authorization: `Bearer ${templateAccount.token}` }
  const address = await api.expect('POST', '/api/v1/checkout/shipping-address', {
    body: {
      fullName: 'Ada Bench',
      phone: '+1 555 0100',
      line1: '1 Market St',
      city: 'San Francisco',
      state: 'CA',
      postalCode: '94105',
      country: 'US',
      isDefault: true,
    },
    headers: asTemplate,
  })
  // The readers' cart: ten lines over five shops.
  for (let i = 0; i < 10; i++) {
    await api.expect('POST', '/api/v1/cart/items', {
      body: { productId: productIds[i * 19], quantity: 2 },
      headers: asTemplate,
    })
  }
  const methods = await api.expect('GET', '/api/v1/checkout/shipping-method', {
    headers: asTemplate,
  })

  const emails = Array.from({ length: CUSTOMERS }, (_unused, i) => `bench-${i}@example.com`)
  const ids = await database.cloneRow(
    'users',
    templateAccount.id,
    emails.map((email) => ({ email }))
  )
  const addressIds = await database.cloneRow(
    'shipping_addresses',
    address.id,
    ids.map((userId) => ({ user_id: userId }))
  )
  return {
    methodId: methods.items[0].id,
    couponCode,
    productIds,
    hotProductId: productIds[0],
    template: {
      id: templateAccount.id,
      email: templateEmail,
      addressId: address.id,
      token: templateAccount.token,
      placements: 0,
    },
    customers: ids.map((id, i) => ({
      id,
      email: emails[i],
      addressId: addressIds[i],
      placements: 0,
    })),
  }
}

/** Copies the template's cart lines to each of `customers`. */
async function copyCart(database: BenchDatabase, fromUserId: string, customers: Customer[]) {
  const lines = await database.query<{ id: string }>(
    'select id from cart_items where user_id = ?',
    [fromUserId]
  )
  for (const line of lines) {
    await database.cloneRow(
      'cart_items',
      line.id,
      customers.map((customer) => ({ user_id: customer.id }))
    )
  }
}

/** Hands out customers for placements, each one used for at most `PLACEMENTS_PER_CUSTOMER`. */
class CustomerPool {
  #next = 0
  constructor(private customers: Customer[]) {}

  /** A customer with a placement left, or undefined when they are all used up. */
  take(current?: Customer): Customer | undefined {
    if (current && current.placements < PLACEMENTS_PER_CUSTOMER) return current
    return this.#next < this.customers.length ? this.customers[this.#next++] : undefined
  }

  /** The customers not yet handed out, left in the pool (they may still be taken later). */
  remaining(): Customer[] {
    return this.customers.slice(this.#next)
  }

  get left() {
    return this.customers.length - this.#next
  }
}

async function placeOrder(
  api: HttpClient,
  fixture: Fixture,
  customer: Customer,
  client: number,
  key = `bench-${randomUUID()}`
) {
  const reply = await api.request('POST', '/api/v1/checkout/place-order', {
    body: {
      shippingAddressId: customer.addressId,
      shippingMethodId: fixture.methodId,
      paymentMethod: 'CASH_ON_DELIVERY',
      idempotencyKey: key,
    },
    headers: bearer(customer.token!, client),
  })
  if (reply.status !== 201)
    throw new Error(`place-order: HTTP ${reply.status} ${JSON.stringify(reply.body)}`)
  customer.placements += 1
  return reply
}

/** One add-item → summary → place-order loop of `customer`, one unit of the hot product. */
async function orderLoop(
  api: HttpClient,
  fixture: Fixture,
  customer: Customer,
  client: number,
  key?: string
) {
  const headers = bearer(customer.token!, client)
  await api.expect('POST', '/api/v1/cart/items', {
    body: { productId: fixture.hotProductId, quantity: 1 },
    headers,
  })
  await api.expect('POST', '/api/v1/checkout/summary', {
    body: { shippingAddressId: customer.addressId, shippingMethodId: fixture.methodId },
    headers,
  })
  await placeOrder(api, fixture, customer, client, key)
}

/** Runs every selected HTTP scenario against one database. */
async function benchDatabase(database: 'postgres' | 'sqlite', sink: SmtpSink) {
  log(`${database}: preparing a fresh database`)
  let connection: BenchDatabase
  if (database === 'postgres') {
    await createPostgresDatabase()
    await PostgresBenchDatabase.reset(PG_URL)
  } else {
    SqliteBenchDatabase.reset(SQLITE_PATH)
  }
  const port = await freePort()
  const env = {
    ...databaseEnv(database),
    MAIL_WORKER: 'false',
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(sink.port),
    SUPER_ADMIN_EMAIL: ADMIN_EMAIL,
    SUPER_ADMIN_PASSWORD: PASSWORD,
  }
  let server = await BenchServer.start({ port, build: BUILD, env })
  connection =
    database === 'postgres'
      ? await PostgresBenchDatabase.connect(PG_URL)
      : new SqliteBenchDatabase(SQLITE_PATH)
  const backends =
    connection instanceof PostgresBenchDatabase
      ? new BackendCpu(connection, SERVER_APPLICATION_NAME)
      : undefined
  const api = new HttpClient(`http://127.0.0.1:${port}`)
  const common = { database, seconds: SECONDS, backends }

  try {
    log(`${database}: seeding shops, products, a coupon and ${CUSTOMERS} customers`)
    const fixture = await seed(api, connection)

    let loggedIn = 0
    const login: Operation = async (client) => {
      const customer = fixture.customers[loggedIn++]
      if (!customer) return false
      const reply = await api.expect('POST', '/auth/login', {
        body: { email: customer.email, password: PASSWORD, userType: 'customer' },
        headers: { 'x-forwarded-for': clientAddress(client + 1) },
      })
      customer.token = reply.data.accessToken
      customer.sessionId = sessionOf(customer.token!)
    }
    log(`${database}: login (every customer logs in once)`)
    results.push(
      await measure({
        ...common,
        scenario: 'login',
        server,
        clients: 10,
        seconds: 600,
        warmupOperations: 10,
        operation: login,
      })
    )

    const readers = fixture.customers.slice(0, READERS)
    const pool = new CustomerPool(fixture.customers.slice(READERS))
    await copyCart(connection, fixture.template.id, readers)

    if (wants('health')) {
      log(`${database}: GET /health`)
      results.push(
        await measure({
          ...common,
          scenario: 'health',
          server,
          clients: 10,
          warmupOperations: 100,
          operation: async () => void (await api.expect('GET', '/health')),
        })
      )
    }
    if (wants('product-read')) {
      log(`${database}: product read`)
      results.push(
        await measure({
          ...common,
          scenario: 'product-read',
          server,
          clients: 10,
          warmupOperations: 200,
          operation: async (client) => {
            const id = fixture.productIds[Math.floor(Math.random() * fixture.productIds.length)]
            await api.expect('GET', `/api/v1/products/${id}`, {
              headers: { 'x-forwarded-for': clientAddress(client + 1) },
            })
          },
        })
      )
    }
    if (wants('catalog-list')) {
      // The list allows 120 requests a minute per client address: every request comes from a
      // new address, as from a crowd of shoppers.
      let visitor = 1000
      log(`${database}: catalog list`)
      results.push(
        await measure({
          ...common,
          scenario: 'catalog-list',
          server,
          clients: 10,
          warmupOperations: 100,
          operation: async () => {
            await api.expect('GET', '/api/v1/products?limit=20', {
              headers: { 'x-forwarded-for': clientAddress(visitor++) },
            })
          },
        })
      )
    }
    if (wants('cart-read')) {
      log(`${database}: cart read`)
      results.push(
        await measure({
          ...common,
          scenario: 'cart-read',
          server,
          clients: 10,
          warmupOperations: 100,
          operation: async (client) =>
            void (await api.expect('GET', '/api/v1/cart', {
              headers: bearer(readers[client].token!, client),
            })),
          note: '10 lines from 5 shops',
        })
      )
    }
    if (wants('summary-coupon')) {
      log(`${database}: summary with a coupon`)
      results.push(
        await measure({
          ...common,
          scenario: 'summary-coupon',
          server,
          clients: 10,
          warmupOperations: 100,
          operation: async (client) =>
            void (await api.expect('POST', '/api/v1/checkout/summary', {
              body: {
                shippingAddressId: readers[client].addressId,
                shippingMethodId: fixture.methodId,
                couponCode: fixture.couponCode,
              },
              headers: bearer(readers[client].token!, client),
            })),
          note: '10 lines from 5 shops, 10 % coupon',
        })
      )
    }

    // The placements' cart: one unit of the hot product, which every buyer wants.
    const cartTemplate = pool.take()!
    await api.expect('POST', '/api/v1/cart/items', {
      body: { productId: fixture.hotProductId, quantity: 1 },
      headers: bearer(cartTemplate.token!, 0),
    })
    if (wants('place-order')) {
      // Every customer left places one order here (then up to 8 more in the loops, within the
      // limit of 10 new keys a minute); the carts are filled beforehand, in SQL.
      const buyers = pool.remaining()
      await copyCart(connection, cartTemplate.id, buyers)
      let nextBuyer = 0
      log(`${database}: place-order alone (up to ${buyers.length} customers, one order each)`)
      const measured = await measure({
        ...common,
        scenario: 'place-order',
        server,
        clients: 10,
        warmupOperations: 20,
        operation: async (client) => {
          const buyer = buyers[nextBuyer++]
          if (!buyer) return false
          await placeOrder(api, fixture, buyer, client)
        },
        note: 'cart: 1 unit of one product all buyers share',
      })
      if (nextBuyer > buyers.length) {
        measured.note = `${measured.note}; stopped early: customers used up (raise --customers)`
      }
      results.push(measured)
      // The loops start from empty carts.
      const unused = buyers.slice(nextBuyer).map((buyer) => buyer.id)
      for (let start = 0; start < unused.length; start += 100) {
        const ids = unused.slice(start, start + 100)
        await connection.query(
          `delete from cart_items where user_id in (${ids.map(() => '?').join(', ')})`,
          ids
        )
      }
    }
    for (const clients of [1, 10]) {
      const scenario = clients === 1 ? 'loop-1' : 'loop-10'
      if (!wants(scenario)) continue
      log(`${database}: add-item → summary → place-order, ${clients} customer(s) at once`)
      results.push(await measureLoops({ ...common, server, api, fixture, pool }, clients, SECONDS))
    }

    if (wants('ceiling')) {
      await ceiling({ ...common, server, api, fixture, pool }, connection)
    }

    if (wants('mail')) {
      await server.stop()
      server = await mailScenario(database, connection, sink, port, env, api, fixture, pool)
    }
  } finally {
    api.close()
    await server.stop()
    await connection.close()
  }
}

/** What a scenario needs of the run: the server, its meters, the client and the customers. */
interface Run {
  database: 'postgres' | 'sqlite'
  backends?: BackendCpu
  server: BenchServer
  api: HttpClient
  fixture: Fixture
  pool: CustomerPool
}

/** `clients` customers each running add-item → summary → place-order loops for `seconds`. */
async function measureLoops(run: Run, clients: number, seconds: number): Promise<Measurement> {
  const current: Array<Customer | undefined> = []
  let exhausted = false
  const measured = await measure({
    database: run.database,
    backends: run.backends,
    server: run.server,
    seconds,
    scenario: clients === 1 ? 'loop-1' : 'loop-10',
    clients,
    warmupOperations: 2 * clients,
    operation: async (client) => {
      current[client] = run.pool.take(current[client])
      if (!current[client]) {
        exhausted = true
        return false
      }
      await orderLoop(run.api, run.fixture, current[client]!, client)
    },
    note: 'one unit of one product all buyers share',
  })
  if (exhausted)
    measured.note = `${measured.note}; stopped early: customers used up (raise --customers)`
  return measured
}

/**
 * Captures the statements of one loop (add-item, summary, place-order) with their bound values;
 * on PostgreSQL replays them with pgbench, as the loop and as place-order alone. The loops are
 * measured again beside their ceiling, in alternating halves (ours, pgbench, pgbench, ours), so
 * the ratio compares figures taken under the same conditions: the ceiling alone moved by a
 * quarter between runs minutes apart (docs/performance.md, "The pgbench ceiling").
 */
async function ceiling(run: Run, connection: BenchDatabase) {
  const { database, server, api, fixture, pool } = run
  const customer = pool.take()
  if (!customer) throw new Error('no customer left for the capture; raise --customers')
  const headers = bearer(customer.token!, 0)
  const key = `bench-${randomUUID()}`
  const steps: Record<string, Awaited<ReturnType<BenchServer['recorded']>>> = {}
  await server.record()
  await api.expect('POST', '/api/v1/cart/items', {
    body: { productId: fixture.hotProductId, quantity: 1 },
    headers,
  })
  steps.addItem = await server.recorded()
  await server.record()
  await api.expect('POST', '/api/v1/checkout/summary', {
    body: { shippingAddressId: customer.addressId, shippingMethodId: fixture.methodId },
    headers,
  })
  steps.summary = await server.recorded()
  await server.record()
  await placeOrder(api, fixture, customer, 0, key)
  steps.placeOrder = await server.recorded()
  const roundTrips = Object.fromEntries(
    Object.entries(steps).map(([step, list]) => [step, list.length])
  )
  log(`${database}: round trips of one loop: ${JSON.stringify(roundTrips)}`)
  extras[`${database}RoundTripsPerStep`] = roundTrips
  if (!(connection instanceof PostgresBenchDatabase)) return

  const values: CustomerValues = {
    c_user: customer.id,
    c_address: customer.addressId,
    c_email: customer.email,
    c_session: customer.sessionId!,
  }
  // The cart line place-order finds: add-item's writes, without its reads and transaction.
  const refill = steps.addItem.filter((statement) => /^(insert|update)\b/i.test(statement.sql))
  const loopScript = await buildScript(
    connection,
    [...steps.addItem, ...steps.summary, ...steps.placeOrder],
    values,
    [key]
  )
  const placeScript = await buildScript(connection, [...refill, ...steps.placeOrder], values, [key])

  // The pgbench clients' own customers, copied like the benchmark's.
  const emails = Array.from({ length: 10 }, (_unused, i) => `pgbench-${i}@example.com`)
  const userIds = await connection.cloneRow(
    'users',
    customer.id,
    emails.map((email) => ({ email }))
  )
  const addressIds = await connection.cloneRow(
    'shipping_addresses',
    customer.addressId,
    userIds.map((userId) => ({ user_id: userId }))
  )
  await prepareClients(
    connection,
    userIds.map((id, i) => ({
      c_user: id,
      c_address: addressIds[i],
      c_email: emails[i],
      c_session: randomUUID(),
    }))
  )
  mkdirSync('tmp', { recursive: true })
  writeFileSync('tmp/bench-captured-loop.json', JSON.stringify(steps, null, 2))
  const pgbenchCpu = new BackendCpu(connection, 'pgbench')
  for (const [scenario, script, clients] of [
    ['place-order', placeScript, 10],
    ['loop-1', loopScript, 1],
    ['loop-10', loopScript, 10],
  ] as const) {
    log(
      `${database}: pgbench ceiling of ${scenario} (${script.statements} statements, ${clients} client(s))`
    )
    const paired = scenario !== 'place-order'
    const half = SECONDS / 2
    const ours: Measurement[] = []
    const replays: Array<Awaited<ReturnType<typeof runPgbench>>> = []
    let pgbenchCpuMs = 0
    const replay = async (seconds: number) => {
      await pgbenchCpu.start()
      const path = `tmp/bench-${scenario}.pgbench.sql`
      replays.push(await runPgbench(PG_URL, path, script, clients, seconds))
      pgbenchCpuMs += await pgbenchCpu.stop()
    }
    if (paired) {
      ours.push(await measureLoops(run, clients, half))
      await replay(half)
      await replay(half)
      ours.push(await measureLoops(run, clients, half))
    } else {
      await replay(SECONDS)
    }
    const mean = (figures: number[]) =>
      figures.reduce((sum, figure) => sum + figure, 0) / figures.length
    const tps = mean(replays.map((outcome) => outcome.tps))
    const transactions = replays.reduce((sum, outcome) => sum + outcome.transactions, 0)
    const inScenario = results.find(
      (result) => result.database === database && result.scenario === scenario
    )
    const oursBeside = paired ? mean(ours.map((measured) => measured.throughput)) : null
    const ratioOf = (throughput: number | null | undefined) =>
      throughput ? Math.round((throughput / tps) * 100) / 100 : null
    const ceilingResult = {
      scenario,
      clients,
      statements: script.statements,
      tps: Math.round(tps * 10) / 10,
      latencyAverageMs: mean(replays.map((outcome) => outcome.latencyAverageMs)),
      failed: replays.reduce((sum, outcome) => sum + outcome.failed, 0),
      databaseCpuMsPerOp: Math.round((pgbenchCpuMs / Math.max(1, transactions)) * 100) / 100,
      /** Ours measured beside the ceiling (the loops), else in its own scenario. */
      ours:
        oursBeside === null ? (inScenario?.throughput ?? null) : Math.round(oursBeside * 10) / 10,
      ratio: ratioOf(oursBeside ?? inScenario?.throughput),
      /** Ours in its own scenario, measured minutes before the ceiling. */
      oursInScenario: inScenario?.throughput ?? null,
      ratioToScenario: ratioOf(inScenario?.throughput),
    }
    ;((extras.ceilings ??= []) as unknown[]).push(ceilingResult)
    log(`${database}: ${JSON.stringify(ceilingResult)}`)
  }
}

/**
 * The outbox worker delivering to the local sink, in two parts, with the server restarted with
 * its worker on:
 * - `mail`: a backlog (the orders placed above, topped up with copies of one queued
 *   confirmation to MAIL_BACKLOG) is drained; throughput is the mails the sink received over the
 *   time from the server's first answer to the last mail of the backlog (or to the end of the
 *   time allowed);
 * - `mail-100-orders`: for MAIL_LOAD_SECONDS, the mail of 100 placements a second (a
 *   confirmation and a new-order notice each) is queued while the worker runs; what is still
 *   queued MAIL_LOAD_GRACE_SECONDS after the last one is the backlog left.
 */
async function mailScenario(
  database: 'postgres' | 'sqlite',
  connection: BenchDatabase,
  sink: SmtpSink,
  port: number,
  env: Record<string, string>,
  api: HttpClient,
  fixture: Fixture,
  pool: CustomerPool
) {
  const queued = async () => {
    const [row] = await connection.query<{ total: number }>(
      "select count(*) as total from outbox_messages where status = 'PENDING'"
    )
    return Number(row.total)
  }
  let confirmation = await connection.query<{ id: string }>(
    "select id from outbox_messages where kind = 'order_confirmation' limit 1"
  )
  if (confirmation.length === 0) {
    // No order was placed in this run: temporarily back up the server for one.
    const server = await BenchServer.start({ port, build: BUILD, env })
    const buyer = pool.take()!
    await orderLoop(api, fixture, buyer, 0)
    await server.stop()
    confirmation = await connection.query(
      "select id from outbox_messages where kind = 'order_confirmation' limit 1"
    )
  }
  const template = confirmation[0].id
  const backlog = await queued()
  if (backlog < MAIL_BACKLOG) {
    await connection.cloneRow(
      'outbox_messages',
      template,
      Array.from({ length: MAIL_BACKLOG - backlog }, () => ({ status: 'PENDING' }))
    )
  }
  const toDrain = await queued()
  log(`${database}: mail delivery to a local SMTP sink (${toDrain} queued)`)
  const receivedAtSpawn = sink.received
  const server = await BenchServer.start({
    port,
    build: BUILD,
    env: { ...env, MAIL_WORKER: 'true' },
  })
  const backends =
    connection instanceof PostgresBenchDatabase
      ? new BackendCpu(connection, SERVER_APPLICATION_NAME)
      : undefined

  /** Resources used while `during` runs: mails received, time, CPU and round trips. */
  const measured = async (during: () => Promise<number | void>) => {
    const roundTripsBefore = await server.roundTrips()
    await backends?.start()
    const cpuBefore = server.cpuMs()
    const receivedBefore = sink.received
    const started = performance.now()
    const lastAt = (await during()) ?? performance.now()
    const elapsed = (lastAt - started) / 1000
    const mails = sink.received - receivedBefore
    const cpu = server.cpuMs() - cpuBefore
    const databaseCpu = backends ? await backends.stop() : null
    const roundTrips = (await server.roundTrips()) - roundTripsBefore
    const perMail = (value: number) => Math.round((value / Math.max(1, mails)) * 100) / 100
    return {
      database,
      clients: 1,
      operations: mails,
      seconds: Math.round(elapsed * 100) / 100,
      throughput: Math.round((mails / elapsed) * 10) / 10,
      p50Ms: null,
      p99Ms: null,
      serverCpuMsPerOp: perMail(cpu),
      databaseCpuMsPerOp: databaseCpu === null ? null : perMail(databaseCpu),
      roundTripsPerOp: Math.round((roundTrips / Math.max(1, mails)) * 100) / 100,
    }
  }

  const drained = await measured(async () => {
    const deadline = performance.now() + Math.max(SECONDS, 15) * 1000
    let lastAt = performance.now()
    let seen = sink.received
    while (sink.received - receivedAtSpawn < toDrain && performance.now() < deadline) {
      await sleep(20)
      if (sink.received !== seen) {
        seen = sink.received
        lastAt = performance.now()
      }
    }
    return lastAt
  })
  results.push({
    scenario: 'mail',
    ...drained,
    note: `in-process outbox worker draining ${toDrain} queued mails; ${await queued()} still queued at the end`,
  })

  log(`${database}: mail of 100 placements a second for ${MAIL_LOAD_SECONDS} s`)
  let peak = 0
  const sustained = await measured(async () => {
    const started = performance.now()
    for (let tick = 1; tick <= MAIL_LOAD_SECONDS * 10; tick++) {
      await connection.cloneRow(
        'outbox_messages',
        template,
        Array.from({ length: MAIL_LOAD_PER_SECOND / 10 }, () => ({ status: 'PENDING' }))
      )
      if (tick % 10 === 0) peak = Math.max(peak, await queued())
      const next = started + tick * 100
      if (next > performance.now()) await sleep(next - performance.now())
    }
    await sleep(MAIL_LOAD_GRACE_SECONDS * 1000)
  })
  results.push({
    scenario: 'mail-100-orders',
    ...sustained,
    note:
      `${MAIL_LOAD_PER_SECOND} mails a second queued for ${MAIL_LOAD_SECONDS} s; at most ${peak} queued ` +
      `at a second's end; ${await queued()} still queued ${MAIL_LOAD_GRACE_SECONDS} s after the last`,
  })
  return server
}

/** One start of `npm <args>`: time to the first 200 from /health, then the server's idle RSS. */
async function startOnce(
  database: 'postgres' | 'sqlite',
  args: string[],
  settings: Record<string, string>
) {
  const port = await freePort()
  const started = performance.now()
  const child = spawn('npm', args, {
    env: {
      ...process.env,
      ...settings,
      ...databaseEnv(database),
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      MAIL_WORKER: 'false',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
    // Its own process group, so npm, its shell and the server stop together.
    detached: true,
  })
  let coldStartMs: number | undefined
  for (let attempt = 0; attempt < 3000 && coldStartMs === undefined; attempt++) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/health`)
      if (response.status === 200) coldStartMs = performance.now() - started
    } catch {}
    if (coldStartMs === undefined) await sleep(20)
  }
  const serverPid = findNodeProcess(child.pid!, /bin\/(server\.ts|start_prod\.js)$/)
  // CPU to the first answer: steadier than the wall clock on a shared machine.
  const startCpuMs = serverPid ? cpuMs(serverPid) : undefined
  await sleep(5000)
  const rss = serverPid ? rssMiB(serverPid) : undefined
  const exited = new Promise((resolve) => child.once('exit', resolve))
  process.kill(-child.pid!, 'SIGTERM')
  await exited
  return { coldStartMs, startCpuMs, rss }
}

/**
 * Idle memory and cold start (process start to the first 200 from /health) of `npm start` and
 * of `npm run start:prod`, three starts each on the benchmark's (already migrated) database;
 * the medians are kept.
 */
async function startup(database: 'postgres' | 'sqlite') {
  const measurements: Record<string, unknown> = {}
  const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]
  // `start:prod` serves only with NODE_ENV=production, which wants mail settled too.
  const production = { NODE_ENV: 'production', MAIL_TRANSPORT: 'file' }
  for (const [label, args, settings] of [
    ['npm start', ['start'], {}],
    ['npm run start:prod', ['run', 'start:prod'], production],
  ] as const) {
    if (label !== 'npm start' && !existsSync('build/bin/server.js')) {
      log(`startup: no build/ (run npm run build first); ${label} skipped`)
      continue
    }
    const runs = []
    for (let attempt = 0; attempt < 3; attempt++)
      runs.push(await startOnce(database, [...args], settings))
    const starts = runs.flatMap((run) => (run.coldStartMs === undefined ? [] : [run.coldStartMs]))
    const rss = runs.flatMap((run) => (run.rss === undefined ? [] : [run.rss]))
    const cpu = runs.flatMap((run) => (run.startCpuMs === undefined ? [] : [run.startCpuMs]))
    measurements[label] = {
      coldStartMs: starts.length ? Math.round(median(starts)) : null,
      serverCpuToFirstAnswerMs: cpu.length ? Math.round(median(cpu)) : null,
      idleRssMiB: rss.length ? Math.round(median(rss)) : null,
      runs: runs.map((run) => ({
        coldStartMs: run.coldStartMs === undefined ? null : Math.round(run.coldStartMs),
        serverCpuToFirstAnswerMs: run.startCpuMs === undefined ? null : Math.round(run.startCpuMs),
        idleRssMiB: run.rss === undefined ? null : Math.round(run.rss),
      })),
    }
    log(`${database}: ${label}: ${JSON.stringify(measurements[label])}`)
  }
  ;((extras.startup ??= {}) as Record<string, unknown>)[database] = measurements
}

function printTable() {
  const header = [
    'db',
    'scenario',
    'clients',
    'ops',
    'ops/s',
    'p50 ms',
    'p99 ms',
    'server CPU ms/op',
    'db CPU ms/op',
    'round trips/op',
    'bench client CPU ms/op',
  ]
  const rows = results.map((result) => [
    result.database === 'postgres' ? 'pg' : 'sqlite',
    result.scenario,
    String(result.clients),
    String(result.operations),
    String(result.throughput),
    result.p50Ms === null ? '' : String(result.p50Ms),
    result.p99Ms === null ? '' : String(result.p99Ms),
    String(result.serverCpuMsPerOp),
    result.databaseCpuMsPerOp === null ? '(in server)' : String(result.databaseCpuMsPerOp),
    String(result.roundTripsPerOp),
    result.clientCpuMsPerOp === undefined ? '' : String(result.clientCpuMsPerOp),
  ])
  const table = (columns: string[], lines: string[][]) =>
    [
      `| ${columns.join(' | ')} |`,
      `|${columns.map(() => '---').join('|')}|`,
      ...lines.map((line) => `| ${line.join(' | ')} |`),
    ].join('\n')
  const ceilings = (extras.ceilings ?? []) as Array<Record<string, number | string | null>>
  const markdown = [
    table(header, rows),
    ...(ceilings.length === 0
      ? []
      : [
          table(
            [
              'ceiling of',
              'clients',
              'statements',
              'pgbench tps',
              'ours ops/s',
              'ours ÷ ceiling',
              'ours in its scenario',
              'that ÷ ceiling',
            ],
            ceilings.map((compared) =>
              [
                'scenario',
                'clients',
                'statements',
                'tps',
                'ours',
                'ratio',
                'oursInScenario',
                'ratioToScenario',
              ].map((key) => String(compared[key] ?? ''))
            )
          ),
        ]),
  ].join('\n\n')
  process.stdout.write(`\n${markdown}\n\n`)
  return markdown
}

const machine = {
  ...describeMachine(),
  postgres: null as string | null,
  // What the person running the benchmark knows of the machine that /proc does not say.
  note: process.env.BENCH_NOTE ?? null,
}
if (wants('pure')) measurePure()
const sink = await SmtpSink.start()
try {
  for (const database of databases) {
    if (database === 'postgres') {
      await createPostgresDatabase()
      const probe = await PostgresBenchDatabase.connect(PG_URL)
      const [row] = await probe.query<{ version: string }>('select version()')
      machine.postgres = row.version
      await probe.close()
    }
    const httpScenarios = SCENARIOS.filter((name) => !['pure', 'startup'].includes(name))
    if (httpScenarios.some(wants)) await benchDatabase(database, sink)
    if (wants('startup')) await startup(database)
  }
} finally {
  await sink.close()
}

const markdown = printTable()
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
        seconds: SECONDS,
        customers: CUSTOMERS,
        build: BUILD,
      },
      results,
      ...extras,
      table: markdown,
    },
    null,
    2
  )}\n`
)
log(`results written to ${out}`)
