/*
| `npm run bench`: throughput and latency of the pure money modules and of the hot HTTP routes
| (public catalog, cart, checkout summary, login) against a real server on a fresh SQLite
| database. Numbers are printed, never asserted: performance is compared run to run, by a person.
*/
import { spawn, type ChildProcess } from 'node:child_process'
import { rmSync } from 'node:fs'
import { setTimeout as sleep } from 'node:timers/promises'
import { createRequire } from 'node:module'
import { priceCheckout } from '../app/services/checkout/pricing.js'
import { evaluateCoupon } from '../app/services/coupons/coupon_rules.js'

/** better-sqlite3 ships no types; the bench reads one row with it. */
const Database = createRequire(import.meta.url)('better-sqlite3') as new (
  path: string,
  options: { readonly: boolean }
) => { prepare(sql: string): { get(...params: unknown[]): unknown }; close(): void }

const PORT = Number(process.env.BENCH_PORT ?? 3555)
const API = `http://127.0.0.1:${PORT}`
const DB_PATH = 'tmp/bench.sqlite3'
const PASSWORD = 'Bench-Lantern-4821'
const ADMIN_EMAIL = 'bench-admin@example.com'

interface Result {
  name: string
  operations: number
  seconds: number
  p50?: number
  p95?: number
}

const results: Result[] = []

/** Runs `fn` repeatedly for about `seconds` and records operations per second. */
function measurePure(name: string, fn: () => void, seconds = 1) {
  for (let i = 0; i < 1000; i++) fn()
  let operations = 0
  const started = performance.now()
  while (performance.now() - started < seconds * 1000) {
    for (let i = 0; i < 1000; i++) fn()
    operations += 1000
  }
  results.push({ name, operations, seconds: (performance.now() - started) / 1000 })
}

/** Sends `total` requests with `concurrency` in flight and records throughput and latency. */
async function measureHttp(
  name: string,
  request: () => Promise<Response>,
  total = 400,
  concurrency = 10
) {
  const latencies: number[] = []
  let next = 0
  const started = performance.now()
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        next += 1
        const sent = performance.now()
        const response = await request()
        await response.arrayBuffer()
        if (response.status >= 400) throw new Error(`${name}: HTTP ${response.status}`)
        latencies.push(performance.now() - sent)
      }
    })
  )
  latencies.sort((a, b) => a - b)
  results.push({
    name,
    operations: latencies.length,
    seconds: (performance.now() - started) / 1000,
    p50: latencies[Math.floor(latencies.length * 0.5)],
    p95: latencies[Math.floor(latencies.length * 0.95)],
  })
}

async function call(method: string, path: string, body?: unknown, token?: string) {
  const response = await fetch(`${API}${path}`, {
    method,
    headers: {
      'Content-Type': 'application/json',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await response.text()
  if (response.status >= 400) throw new Error(`${method} ${path}: ${response.status} ${text}`)
  return text ? JSON.parse(text) : null
}

function startServer(): ChildProcess {
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${DB_PATH}${suffix}`, { force: true })
  return spawn(process.execPath, ['--import=@poppinss/ts-exec', 'bin/server.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DB_CONNECTION: 'sqlite',
      DB_PATH,
      MAIL_WORKER: 'false',
      SUPER_ADMIN_EMAIL: ADMIN_EMAIL,
      SUPER_ADMIN_PASSWORD: PASSWORD,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
}

async function waitForHealth() {
  for (let attempt = 0; attempt < 120; attempt++) {
    try {
      const health = await fetch(`${API}/health`)
      if (health.ok) return
    } catch {}
    await sleep(500)
  }
  throw new Error('the server did not become healthy')
}

/** Registers and verifies an account, reading its code from the (undelivered) outbox. */
async function verifiedLogin(email: string, userType: 'seller' | 'customer') {
  const registered = await call('POST', '/auth/register', { email, password: PASSWORD, userType })
  const db = new Database(DB_PATH, { readonly: true })
  const row = db
    .prepare(`select payload from outbox_messages where payload like ? order by created_at desc`)
    .get(`%${email}%`) as { payload: string }
  db.close()
  await call('POST', '/auth/otp-verification', {
    userId: registered.data.id,
    otp: JSON.parse(row.payload).code,
  })
  const login = await call('POST', '/auth/login', { email, password: PASSWORD, userType })
  return login.data.accessToken as string
}

async function seed() {
  const adminLogin = await call('POST', '/auth/login', {
    email: ADMIN_EMAIL,
    password: PASSWORD,
    userType: 'admin',
  })
  const admin = adminLogin.data.accessToken as string
  const seller = await verifiedLogin('bench-seller@example.com', 'seller')
  const customer = await verifiedLogin('bench-customer@example.com', 'customer')

  const productIds: string[] = []
  for (let s = 0; s < 5; s++) {
    const shop = await call(
      'POST',
      '/api/v1/seller/shops',
      { name: `Bench shop ${s}`, description: 'Bench' },
      seller
    )
    await call('PUT', `/api/v1/admin/shops/${shop.id}/approve`, undefined, admin)
    for (let p = 0; p < 40; p++) {
      const product = await call(
        'POST',
        '/api/v1/seller/products',
        {
          shopId: shop.id,
          name: `Mug ${s}-${p}`,
          sku: `B-${s}-${p}`,
          price: 10 + p,
          stock: 100000,
        },
        seller
      )
      productIds.push(product.id)
    }
  }
  for (let i = 0; i < 10; i++) {
    await call(
      'POST',
      '/api/v1/cart/items',
      { productId: productIds[i * 19], quantity: 2 },
      customer
    )
  }
  const address = await call(
    'POST',
    '/api/v1/checkout/shipping-address',
    {
      fullName: 'Ada Bench',
      phone: '+1 555 0100',
      line1: '1 Market St',
      city: 'San Francisco',
      state: 'CA',
      postalCode: '94105',
      country: 'US',
      isDefault: true,
    },
    customer
  )
  const methods = await call('GET', '/api/v1/checkout/shipping-method', undefined, customer)
  return { customer, addressId: address.id, methodId: methods.items[0].id }
}

function print() {
  const rows = results.map((result) => ({
    'benchmark': result.name,
    'ops/s': Math.round(result.operations / result.seconds).toLocaleString('en-US'),
    'p50 ms': result.p50?.toFixed(1) ?? '',
    'p95 ms': result.p95?.toFixed(1) ?? '',
  }))
  const widths = Object.keys(rows[0]).map((key) =>
    Math.max(key.length, ...rows.map((row) => String(row[key as keyof typeof row]).length))
  )
  const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i])).join('  ')
  process.stdout.write(`${line(Object.keys(rows[0]))}\n`)
  for (const row of rows) process.stdout.write(`${line(Object.values(row).map(String))}\n`)
}

const shops = Array.from({ length: 10 }, (_shop, s) => ({
  shopId: `shop-${s}`,
  lines: Array.from({ length: 5 }, (_line, l) => ({
    unitPrice: 999 + s * 100 + l,
    quantity: 1 + l,
  })),
}))
measurePure('pricing: 10 shops x 5 lines', () =>
  priceCheckout({ shops, shippingPrice: 500, taxRate: 8250, discount: 1234 })
)
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
measurePure('coupon rules: percentage with cap', () =>
  evaluateCoupon(coupon, 123_456, Date.UTC(2026, 5, 1))
)

const server = startServer()
try {
  await waitForHealth()
  const { customer, addressId, methodId } = await seed()
  await measureHttp('GET /health', () => fetch(`${API}/health`))
  await measureHttp('GET /api/v1/products?limit=20', () => fetch(`${API}/api/v1/products?limit=20`))
  await measureHttp('GET /api/v1/products?q=mug&sort=price_asc', () =>
    fetch(`${API}/api/v1/products?q=mug&sort=price_asc`)
  )
  const auth = { 'Authorization': `Bearer ${customer}`, 'Content-Type': 'application/json' }
  await measureHttp('GET /api/v1/cart (10 lines)', () =>
    fetch(`${API}/api/v1/cart`, { headers: auth })
  )
  await measureHttp('POST /api/v1/checkout/summary (5 shops)', () =>
    fetch(`${API}/api/v1/checkout/summary`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ shippingAddressId: addressId, shippingMethodId: methodId }),
    })
  )
  print()
} finally {
  server.kill('SIGTERM')
}
