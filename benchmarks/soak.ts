/*
| `npm run soak`: one instance under mixed traffic for SOAK_SECONDS (600 by default), on a
| PostgreSQL, a Redis and a mail server of its own. Every 30 s it prints the server's RSS, the heap
| still in use after a collection, the event-loop delay and the traffic so far. It fails when the
| heap keeps growing (the last samples more than 25 % and 20 MB above the first ones after
| warm-up), when any request fails with a 5xx or a cut connection, or when an invariant of the
| store is broken at the end. The figures are written to tmp/soak-report.json.
| Not part of CI: it takes ten real minutes. A run's figures are recorded in docs/operations.md.
*/
import { randomUUID } from 'node:crypto'
import { mkdirSync, writeFileSync } from 'node:fs'
import { setTimeout as sleep } from 'node:timers/promises'
import { ADMIN, Cluster } from '../tests/cluster/support/cluster.js'
import { PASSWORD, addressOf, signIn } from '../tests/cluster/support/accounts.js'
import { inParallel, label, send, type Reply } from '../tests/cluster/support/http.js'
import { brokenInvariants } from '../tests/cluster/support/invariants.js'
import {
  fillCart,
  newShopper,
  openShop,
  seededRandom,
  type SeededProduct,
  type Shopper,
} from '../tests/cluster/support/store.js'

const SECONDS = Number(process.env.SOAK_SECONDS ?? 600)
const WORKERS = Number(process.env.SOAK_WORKERS ?? 16)
const SAMPLE_MS = 30_000
const WARM_UP_SAMPLES = 2
const COUPON_CODE = 'SOAK-FIVE'

interface Sample {
  at: number
  rssBytes: number
  heapUsedBytes: number
  eventLoopDelayMs: { p50: number; p99: number; max: number }
}

const megabytes = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10

const counts: Record<string, number> = {}
const faults: string[] = []
let requests = 0

/** Records a reply; a 5xx or a cut connection is a fault. */
function record(action: string, reply: Reply) {
  requests += 1
  const key = `${action} ${label(reply)}`
  counts[key] = (counts[key] ?? 0) + 1
  if (reply.status === 0 || reply.status >= 500) faults.push(key)
  return reply
}

const cluster = await Cluster.start(1, ['--expose-gc', '--import=./benchmarks/soak_probe.js'])
const base = cluster.proxy.url
let exitCode = 0

try {
  const admin = await signIn(base, ADMIN.email, ADMIN.password, 'admin', addressOf(9_999))
  const products: SeededProduct[] = [
    ...(await openShop(cluster, admin, 'Soak Pantry', 1, [
      { price: 2.49, stock: 1_000_000 },
      { price: 13.75, stock: 1_000_000 },
      { price: 0.99, stock: 1_000_000 },
    ])),
    ...(await openShop(cluster, admin, 'Soak Hardware', 2, [
      { price: 24.0, stock: 1_000_000 },
      { price: 7.3, stock: 1_000_000 },
    ])),
  ]
  const coupon = await send(base, 'POST', '/api/v1/admin/coupons', {
    json: {
      code: COUPON_CODE,
      discountType: 'PERCENTAGE',
      discountValue: 5,
      startDate: '2020-01-01T00:00:00',
      endDate: '2099-12-31T23:59:59',
      usageLimit: 200,
    },
    token: admin.token,
  })
  if (coupon.status !== 201) throw new Error(`coupon: ${label(coupon)}`)
  const methods = await send(base, 'GET', '/api/v1/admin/shipping-methods', { token: admin.token })
  const methodRows = Array.isArray(methods.body) ? methods.body : methods.body.items
  const methodId = methodRows.find((method: { name: string }) => method.name === 'Standard').id

  const shoppers: Shopper[] = await inParallel(
    Array.from({ length: WORKERS * 2 }, (_, index) => index),
    8,
    (index) => newShopper(cluster, index, 'soak')
  )
  let nextCustomer = shoppers.length

  const actions: Array<
    [number, string, (shopper: Shopper, pick: (n: number) => number) => Promise<void>]
  > = [
    [
      30,
      'browse',
      async (shopper, pick) => {
        const address = shopper.address
        record(
          'browse',
          await send(base, 'GET', `/api/v1/products?limit=20&q=Soak&offset=${pick(3)}`, { address })
        )
        const product = products[pick(products.length)]
        record('browse', await send(base, 'GET', `/api/v1/products/${product.id}`, { address }))
      },
    ],
    [
      15,
      'cart',
      async (shopper, pick) => {
        const product = products[pick(products.length)]
        record(
          'cart',
          await send(base, 'POST', '/api/v1/cart/items', {
            json: { productId: product.id, quantity: 1 + pick(3) },
            token: shopper.token,
          })
        )
        record('cart', await send(base, 'GET', '/api/v1/cart', { token: shopper.token }))
      },
    ],
    [
      15,
      'checkout',
      async (shopper, pick) => {
        await fillCart(base, shopper, [
          { productId: products[pick(products.length)].id, quantity: 1 },
        ])
        const body = {
          shippingAddressId: shopper.addressId,
          shippingMethodId: methodId,
          paymentMethod: 'CREDIT_CARD',
          idempotencyKey: `soak-${randomUUID()}`,
          ...(pick(5) === 0 ? { couponCode: COUPON_CODE } : {}),
        }
        record(
          'checkout',
          await send(base, 'POST', '/api/v1/checkout/summary', { json: body, token: shopper.token })
        )
        record(
          'checkout',
          await send(base, 'POST', '/api/v1/checkout/place-order', {
            json: body,
            token: shopper.token,
          })
        )
        // A client that lost the answer retries with the same key.
        record(
          'checkout',
          await send(base, 'POST', '/api/v1/checkout/place-order', {
            json: body,
            token: shopper.token,
          })
        )
      },
    ],
    [
      10,
      'orders',
      async (shopper, pick) => {
        const list = record(
          'orders',
          await send(base, 'GET', '/api/v1/orders?limit=5', { token: shopper.token })
        )
        const orders = (list.body?.items ?? []) as Array<{ id: string; status: string }>
        const order = orders[pick(Math.max(orders.length, 1))]
        if (!order) return
        record(
          'orders',
          await send(base, 'GET', `/api/v1/orders/${order.id}`, { token: shopper.token })
        )
        if (order.status === 'PENDING' && pick(4) === 0) {
          record(
            'orders',
            await send(base, 'POST', `/api/v1/orders/${order.id}/cancel`, { token: shopper.token })
          )
        }
      },
    ],
    [
      10,
      'session',
      async (shopper) => {
        const login = record(
          'session',
          await send(base, 'POST', '/auth/login', {
            json: { email: shopper.email, password: PASSWORD, userType: 'customer' },
            address: shopper.address,
          })
        )
        if (login.status !== 200) return
        const refreshed = record(
          'session',
          await send(base, 'POST', '/auth/refresh', {
            json: { refreshToken: login.body.data.refreshToken },
            address: shopper.address,
          })
        )
        if (refreshed.status !== 200) return
        record(
          'session',
          await send(base, 'POST', '/auth/logout', {
            json: { refreshToken: refreshed.body.data.refreshToken },
            token: refreshed.body.data.accessToken,
          })
        )
      },
    ],
    [
      5,
      'register',
      async () => {
        const index = nextCustomer++
        try {
          shoppers.push(await newShopper(cluster, index, 'soak'))
          record('register', { status: 200, headers: new Headers(), body: null, ms: 0 })
        } catch (error) {
          faults.push(`register: ${(error as Error).message}`)
        }
      },
    ],
    [
      5,
      'bad-login',
      async (shopper, pick) => {
        record(
          'bad-login',
          await send(base, 'POST', '/auth/login', {
            json: { email: shopper.email, password: 'Wrong-Password-0000', userType: 'customer' },
            address: addressOf(50_000 + pick(5_000)),
          })
        )
      },
    ],
    [
      5,
      'coupon',
      async (shopper) => {
        record(
          'coupon',
          await send(base, 'GET', `/api/v1/coupons/${COUPON_CODE}`, { token: shopper.token })
        )
      },
    ],
    [
      5,
      'health',
      async () => {
        record('health', await send(base, 'GET', '/health/ready'))
      },
    ],
  ]
  const totalWeight = actions.reduce((sum, [weight]) => sum + weight, 0)

  const samples: Sample[] = []
  const instance = cluster.instances[0]
  const readSamples = () =>
    instance
      .logLines()
      .filter((line) => line.soakProbe === true)
      .map((line) => line as unknown as Sample)

  const startedAt = Date.now()
  const deadline = startedAt + SECONDS * 1000
  let reported = 0
  const reporter = setInterval(() => {
    // Samples from before the traffic (set-up) are not shown nor judged.
    const fresh = readSamples()
      .slice(reported)
      .filter((sample) => sample.at >= startedAt)
    reported = readSamples().length
    for (const sample of fresh) {
      samples.push(sample)
      const elapsed = Math.round((sample.at - startedAt) / 1000)
      process.stdout.write(
        `${String(elapsed).padStart(4)} s  rss ${megabytes(sample.rssBytes)} MB  heap ${megabytes(
          sample.heapUsedBytes
        )} MB  event-loop delay p50 ${sample.eventLoopDelayMs.p50} ms p99 ${
          sample.eventLoopDelayMs.p99
        } ms max ${sample.eventLoopDelayMs.max} ms  requests ${requests} (${Math.round(
          requests / Math.max(1, (Date.now() - startedAt) / 1000)
        )}/s)  faults ${faults.length}\n`
      )
    }
  }, 1_000)

  await Promise.all(
    Array.from({ length: WORKERS }, async (_, worker) => {
      const pick = seededRandom(7_919 * (worker + 1))
      while (Date.now() < deadline) {
        const shopper = shoppers[pick(shoppers.length)]
        let roll = pick(totalWeight)
        const [, name, action] = actions.find(([weight]) => (roll -= weight) < 0)!
        try {
          await action(shopper, pick)
        } catch (error) {
          faults.push(`${name}: ${(error as Error).message}`)
        }
      }
    })
  )
  // One more sample after the traffic stops.
  await sleep(SAMPLE_MS + 1_000)
  clearInterval(reporter)
  samples.push(...readSamples().slice(reported))
  const judged = samples.filter((sample) => sample.at >= startedAt)

  // Let the mail go out, then check every invariant.
  const drainDeadline = Date.now() + 120_000
  while (Date.now() < drainDeadline) {
    const unsent = await cluster.one(
      `select count(*)::int as n from outbox_messages where status <> 'SENT'`
    )
    if (unsent.n === 0) break
    await sleep(500)
  }
  const broken = await brokenInvariants(cluster, products, cluster.smtp.messages.length)

  const steady = judged.slice(WARM_UP_SAMPLES)
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length
  const firstHeap = mean(steady.slice(0, 3).map((sample) => sample.heapUsedBytes))
  const lastHeap = mean(steady.slice(-3).map((sample) => sample.heapUsedBytes))
  const growth = steady.length >= 6 ? (lastHeap - firstHeap) / firstHeap : 0
  const growing = steady.length >= 6 && growth > 0.25 && lastHeap - firstHeap > 20 * 1024 * 1024

  const report = {
    seconds: SECONDS,
    workers: WORKERS,
    requests,
    requestsPerSecond: Math.round(requests / SECONDS),
    samples: judged.map((sample) => ({
      seconds: Math.round((sample.at - startedAt) / 1000),
      rssMb: megabytes(sample.rssBytes),
      heapMb: megabytes(sample.heapUsedBytes),
      eventLoopDelayMs: sample.eventLoopDelayMs,
    })),
    heapGrowthAfterWarmUp: Math.round(growth * 1000) / 10,
    counts,
    faults: faults.slice(0, 50),
    faultCount: faults.length,
    brokenInvariants: broken,
  }
  mkdirSync('tmp', { recursive: true })
  writeFileSync('tmp/soak-report.json', `${JSON.stringify(report, null, 2)}\n`)

  process.stdout.write(
    `\n${requests} requests in ${SECONDS} s, ${faults.length} faults; heap after warm-up ` +
      `${megabytes(firstHeap)} → ${megabytes(lastHeap)} MB (${report.heapGrowthAfterWarmUp} %); ` +
      `invariants ${broken.length ? `BROKEN: ${broken.join('; ')}` : 'hold'}\n` +
      `report: tmp/soak-report.json\n`
  )
  if (faults.length || broken.length || growing) {
    if (growing) process.stdout.write('FAILED: the heap kept growing\n')
    if (faults.length)
      process.stdout.write(`FAILED: faults, first: ${faults.slice(0, 5).join(' | ')}\n`)
    exitCode = 1
  }
} catch (error) {
  process.stderr.write(`soak failed: ${(error as Error).stack}\n`)
  exitCode = 1
} finally {
  await cluster.stop()
}
process.exit(exitCode)
