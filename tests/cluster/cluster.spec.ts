/*
| Several instances, one database: three real server processes behind a round-robin proxy, with
| PostgreSQL, Redis and a mail server of the test's own. The tests run in order and share the
| cluster: first the invariants under load, then the faults (a killed instance, a database
| restart, Redis stopping, a graceful stop), and last a check of every invariant in the database.
*/
import { randomUUID } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import { test } from '@japa/runner'
import type { Assert } from '@japa/assert'
import { ADMIN, CLAIM_LEASE_SECONDS, Cluster } from './support/cluster.js'
import { PASSWORD, type Account, addressOf, signIn, signUp } from './support/accounts.js'
import { brokenInvariants } from './support/invariants.js'
import { inParallel, label, send, sendOnNewConnection, tally, type Reply } from './support/http.js'
import {
  fillCart,
  newShopper,
  openShop,
  seededRandom,
  type SeededProduct,
  type Shopper,
} from './support/store.js'

/** Customers shopping at once in the load test. */
const CUSTOMERS = 200
/** Uses the load test's coupon allows: far fewer than the customers who try it. */
const COUPON_LIMIT = 12
const COUPON_CODE = 'CLUSTER-TEN'

let cluster: Cluster
let admin: Account
let standardMethodId: string
/** Every product the tests sell, with its starting stock. */
const products: SeededProduct[] = []
/** Products with more stock than any test buys, for the fault tests. */
let plentiful: SeededProduct[] = []

/** Place-order body of a shopper. */
function placement(shopper: Shopper, key: string, couponCode?: string) {
  return {
    shippingAddressId: shopper.addressId,
    shippingMethodId: standardMethodId,
    paymentMethod: 'CASH_ON_DELIVERY',
    idempotencyKey: key,
    ...(couponCode ? { couponCode } : {}),
  }
}

/** Places (or replays) an order through `base`. */
function placeOrder(base: string, shopper: Shopper, key: string, couponCode?: string) {
  return send(base, 'POST', '/api/v1/checkout/place-order', {
    json: placement(shopper, key, couponCode),
    token: shopper.token,
    address: shopper.address,
  })
}

/**
 * Places an order at `base`, then retries through the proxy until it is answered for good, as a
 * careful client does: a 503 waits for its Retry-After (shortened to a second), a 409 in progress
 * waits too (a claim committed by an older version that died is taken over after its lease), and
 * so do a cut connection and a 502 from the proxy.
 */
async function placeUntilAnswered(
  base: string,
  shopper: Shopper,
  key: string,
  couponCode?: string
): Promise<{ final: Reply; tries: Reply[] }> {
  const deadline = Date.now() + (CLAIM_LEASE_SECONDS + 90) * 1000
  const tries: Reply[] = []
  for (let target = base; ; target = cluster.proxy.url) {
    const reply = await placeOrder(target, shopper, key, couponCode)
    tries.push(reply)
    const retryable =
      reply.status === 0 ||
      reply.status === 502 ||
      reply.status === 503 ||
      (reply.status === 409 && reply.body?.code === 'IDEMPOTENCY_IN_PROGRESS')
    if (!retryable || Date.now() > deadline) return { final: reply, tries }
    await sleep(reply.status === 503 ? 1000 : 500)
  }
}

/** Every instance's /health/ready report. */
/** A customer `name`@customers.example.com signed up through `base`, from client address `n`. */
function customerVia(base: string, name: string, n: number) {
  return signUp(cluster, base, `${name}@customers.example.com`, 'customer', addressOf(n))
}

async function readiness() {
  return Promise.all(
    cluster.instances.map((instance) => send(instance.url, 'GET', '/health/ready'))
  )
}

/** Waits until `check` holds, polling; fails with `message` after `timeoutMs`. */
async function eventually(check: () => Promise<boolean>, message: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (await check()) return
    await sleep(200)
  }
  throw new Error(message)
}

/** No answer is a server fault or a cut connection. */
function assertNoFaults(assert: Assert, replies: Reply[], context: string) {
  const faults = replies.filter((reply) => reply.status === 0 || reply.status >= 500)
  assert.deepEqual(tally(faults), {}, `${context}: ${JSON.stringify(tally(replies))}`)
}

test.group('Cluster: three instances, one PostgreSQL, one Redis', (group) => {
  group.setup(async () => {
    cluster = await Cluster.start()
    return () => cluster.stop()
  })

  group.setup(async () => {
    admin = await signIn(cluster.proxy.url, ADMIN.email, ADMIN.password, 'admin', addressOf(9_999))
    // The admin's list shows the seeded methods.
    const methods = await send(cluster.proxy.url, 'GET', '/api/v1/admin/shipping-methods', {
      token: admin.token,
    })
    const rows = Array.isArray(methods.body) ? methods.body : methods.body.items
    standardMethodId = rows.find((method: { name: string }) => method.name === 'Standard').id

    // Four shops of three products each, 15 of every product: far less than 200 customers want.
    const shops = ['Alder Books', 'Birch Tea', 'Cedar Tools', 'Damson Toys']
    const prices = [
      [12.34, 25.99, 7.99],
      [4.5, 19.95, 33.33],
      [9.99, 14.49, 2.75],
      [18.01, 6.66, 49.5],
    ]
    const listings = await Promise.all(
      shops.map((name, index) =>
        openShop(
          cluster,
          admin,
          name,
          index,
          prices[index].map((price) => ({ price, stock: 15 }))
        )
      )
    )
    products.push(...listings.flat())
    plentiful = await openShop(cluster, admin, 'Elm Warehouse', 9, [
      { price: 3.1, stock: 100_000 },
      { price: 11.2, stock: 100_000 },
    ])
    products.push(...plentiful)

    const coupon = await send(cluster.proxy.url, 'POST', '/api/v1/admin/coupons', {
      json: {
        code: COUPON_CODE,
        discountType: 'PERCENTAGE',
        discountValue: 10,
        startDate: '2020-01-01T00:00:00',
        endDate: '2099-12-31T23:59:59',
        usageLimit: COUPON_LIMIT,
      },
      token: admin.token,
    })
    if (coupon.status !== 201) throw new Error(`coupon: ${label(coupon)}`)
  })

  test('200 customers buy at once across the instances: no stock oversold, the coupon counted once per use, one checkout per key', async ({
    assert,
  }) => {
    const random = seededRandom(20_261_123)
    const scarce = products.filter((product) => !plentiful.includes(product))
    const shoppers = await inParallel(
      Array.from({ length: CUSTOMERS }, (_, index) => index),
      CUSTOMERS,
      (index) => newShopper(cluster, index, 'load')
    )
    const baskets = shoppers.map(() => {
      const lines = new Map<string, number>()
      for (let count = 1 + random(3); count > 0; count--) {
        const product = scarce[random(scarce.length)]
        lines.set(product.id, Math.min(3, (lines.get(product.id) ?? 0) + 1 + random(2)))
      }
      return [...lines].map(([productId, quantity]) => ({ productId, quantity }))
    })
    await inParallel(shoppers, CUSTOMERS, (shopper, index) =>
      fillCart(cluster.proxy.url, shopper, baskets[index])
    )

    // Everyone at once. A quarter try the coupon; a third also send the same key straight to
    // another instance at the same moment; then everyone retries the key on yet another instance
    // until it is answered for good (a 503 under this burst is load shed, retried as told).
    const outcomes = await inParallel(shoppers, CUSTOMERS, async (shopper, index) => {
      const key = `load-${index}-${randomUUID()}`
      const coupon = index % 4 === 0 ? COUPON_CODE : undefined
      const other = cluster.instances[index % cluster.instances.length]
      const [first, duplicate] = await Promise.all([
        placeOrder(cluster.proxy.url, shopper, key, coupon),
        index % 3 === 0 ? placeOrder(other.url, shopper, key, coupon) : Promise.resolve(null),
      ])
      const retried = await placeUntilAnswered(
        cluster.instances[(index + 1) % cluster.instances.length].url,
        shopper,
        key,
        coupon
      )
      return { shopper, key, first, duplicate, ...retried }
    })

    const replies = outcomes.flatMap(({ first, duplicate, tries }) =>
      [first, duplicate, ...tries].filter((reply): reply is Reply => reply !== null)
    )
    const faults = replies.filter(
      (reply) => reply.status === 0 || (reply.status >= 500 && reply.status !== 503)
    )
    assert.deepEqual(tally(faults), {}, `placements: ${JSON.stringify(tally(replies))}`)
    for (const reply of replies.filter(({ status }) => status === 503)) {
      assert.equal(reply.headers.get('retry-after'), '5')
    }

    let placed = 0
    let refused = 0
    for (const { shopper, key, first, duplicate, tries, final } of outcomes) {
      const all = [first, duplicate, ...tries].filter((reply): reply is Reply => reply !== null)
      const created = all.filter((reply) => reply.status === 201)
      const checkouts = await cluster.all('select id from checkouts where user_id = $1', [
        shopper.id,
      ])
      const keyRow = await cluster.one(
        'select status, checkout_id from idempotency_keys where user_id = $1 and key = $2',
        [shopper.id, key]
      )
      if (final.status !== 201) {
        refused += 1
        assert.equal(final.status, 422, `${shopper.email}: ${label(final)}`)
        assert.lengthOf(created, 0, `${shopper.email} was refused after a 201`)
        assert.lengthOf(checkouts, 0, `${shopper.email} was refused yet has a checkout`)
        assert.isUndefined(keyRow, `${shopper.email}'s refused key was not released`)
        continue
      }
      placed += 1
      // One checkout, the key completed with it, and every 201 shows the very same orders.
      assert.lengthOf(checkouts, 1, `${shopper.email} has ${checkouts.length} checkouts`)
      assert.equal(keyRow.status, 'COMPLETED')
      assert.equal(keyRow.checkout_id, checkouts[0].id)
      const orderIds = created.map((reply) =>
        (reply.body as Array<{ id: string }>)
          .map((order) => order.id)
          .sort()
          .join(',')
      )
      assert.lengthOf(new Set(orderIds), 1, `${shopper.email} saw different orders`)
      const fresh = created.filter((reply) => reply.headers.get('idempotent-replayed') !== 'true')
      assert.lengthOf(fresh, 1, `${shopper.email}: ${fresh.length} requests created orders`)
    }
    // The stock really ran short, and really sold.
    assert.isAbove(placed, 20)
    assert.isAbove(refused, 20)

    const coupon = await cluster.one('select id, usage_count from coupons where code = $1', [
      COUPON_CODE,
    ])
    const uses = await cluster.one(
      'select count(*)::int as n from checkouts where coupon_id = $1',
      [coupon.id]
    )
    assert.equal(coupon.usage_count, uses.n)
    assert.isAtMost(coupon.usage_count, COUPON_LIMIT)
    const couponRefusals = outcomes.filter(
      ({ final }) => final.body?.code === 'COUPON_USAGE_LIMIT_REACHED'
    )
    if (coupon.usage_count < COUPON_LIMIT) assert.lengthOf(couponRefusals, 0)
  }).timeout(300_000)

  test('a refresh token rotated on one instance and reused on another revokes its family everywhere', async ({
    assert,
  }) => {
    const [first, second, third] = cluster.instances
    const account = await customerVia(first.url, 'refresh-reuse', 5_001)
    const rotated = await send(second.url, 'POST', '/auth/refresh', {
      json: { refreshToken: account.refreshToken },
      address: account.address,
    })
    assert.equal(rotated.status, 200)
    const next = rotated.body.data.refreshToken

    const reused = await send(third.url, 'POST', '/auth/refresh', {
      json: { refreshToken: account.refreshToken },
      address: account.address,
    })
    assert.equal(reused.status, 401)

    // The rotated successor belonged to the same family: it is dead on every instance too.
    const successor = await send(first.url, 'POST', '/auth/refresh', {
      json: { refreshToken: next },
      address: account.address,
    })
    assert.equal(successor.status, 401)
    const family = await cluster.all('select revoked_at from refresh_tokens where user_id = $1', [
      account.id,
    ])
    assert.isTrue(family.every((row) => row.revoked_at !== null))
  }).timeout(120_000)

  test('a deactivation on one instance is refused at once by the others', async ({ assert }) => {
    const [first, second, third] = cluster.instances
    const account = await customerVia(second.url, 'deactivated', 5_002)
    for (const instance of cluster.instances) {
      const cart = await send(instance.url, 'GET', '/api/v1/cart', { token: account.token })
      assert.equal(cart.status, 200)
    }
    const deactivated = await send(first.url, 'PUT', `/auth/${account.id}/deactivate`, {
      token: admin.token,
    })
    assert.equal(deactivated.status, 200)
    for (const instance of [second, third, first]) {
      const cart = await send(instance.url, 'GET', '/api/v1/cart', { token: account.token })
      assert.equal(label(cart), '403 ACCOUNT_DEACTIVATED')
    }
  }).timeout(120_000)

  test('the failed-login throttle counts across instances', async ({ assert }) => {
    const account = await customerVia(cluster.proxy.url, 'throttled', 5_003)
    const attempt = (instanceIndex: number, password: string) =>
      send(cluster.instances[instanceIndex].url, 'POST', '/auth/login', {
        json: { email: account.email, password, userType: 'customer' },
        address: addressOf(6_000 + instanceIndex),
      })
    // Five failures, spread over the three instances, from three addresses.
    for (let index = 0; index < 5; index++) {
      assert.equal(
        label(await attempt(index % 3, 'Wrong-Password-0000')),
        '401 INVALID_CREDENTIALS'
      )
    }
    // Every instance now refuses the account, even with the right password.
    for (let index = 0; index < 3; index++) {
      const refused = await attempt(index, PASSWORD)
      assert.equal(label(refused), '429 TOO_MANY_REQUESTS')
      assert.isAbove(Number(refused.headers.get('retry-after')), 0)
    }
  }).timeout(120_000)

  test('payout runs on every instance at once pay each shop once, its whole available balance', async ({
    assert,
  }) => {
    const shopIds = [...new Set(products.map((product) => product.shopId))]
    for (const shopId of shopIds) {
      const credited = await send(
        cluster.proxy.url,
        'POST',
        `/api/v1/admin/shops/${shopId}/ledger/adjustments`,
        { json: { amount: 12.34, reason: 'Cluster payouts' }, token: admin.token }
      )
      assert.equal(label(credited), '201', JSON.stringify(credited.body))
    }
    const availableBefore = new Map<string, number>()
    for (const shopId of shopIds) {
      const balance = await send(
        cluster.proxy.url,
        'GET',
        `/api/v1/admin/shops/${shopId}/balance`,
        {
          token: admin.token,
        }
      )
      availableBefore.set(shopId, Math.round(balance.body.available * 100))
    }
    // Two runs on each instance, all at once.
    const runs = await Promise.all(
      cluster.instances.flatMap((instance) =>
        [0, 1].map(() =>
          send(instance.url, 'POST', '/api/v1/admin/payouts/run', { token: admin.token })
        )
      )
    )
    for (const reply of runs) assert.equal(reply.status, 200, label(reply))
    for (const shopId of shopIds) {
      const payouts = await cluster.all<{ amount_cents: string }>(
        'select amount_cents from payouts where shop_id = $1',
        [shopId]
      )
      const available = availableBefore.get(shopId)!
      assert.deepEqual(
        payouts.map((row) => Number(row.amount_cents)),
        available >= 100 ? [available] : [],
        `shop ${shopId}`
      )
      const after = await send(cluster.proxy.url, 'GET', `/api/v1/admin/shops/${shopId}/balance`, {
        token: admin.token,
      })
      assert.equal(Math.round(after.body.available * 100), available >= 100 ? 0 : available)
    }
  }).timeout(120_000)

  test('SIGKILL in the middle of placements: retries on the other instances complete every key exactly once', async ({
    assert,
    cleanup,
  }) => {
    const victimSlot = 1
    const victim = cluster.instances[victimSlot]
    const shoppers = await inParallel(
      Array.from({ length: 40 }, (_, index) => 1_000 + index),
      40,
      (index) => newShopper(cluster, index, 'killed')
    )
    await inParallel(shoppers, 40, (shopper, index) =>
      fillCart(cluster.proxy.url, shopper, [
        { productId: plentiful[index % 2].id, quantity: 1 + (index % 3) },
      ])
    )
    const keys = shoppers.map((_, index) => `killed-${index}-${randomUUID()}`)
    const ids = shoppers.map((shopper) => shopper.id)

    // Every placement goes to the victim, four at a time, and it dies as soon as one is answered:
    // the ones it is running are cut mid-transaction, the rest find it gone. (Sent all at once,
    // a fast instance could finish them all before a poll of the database saw the first.) A claim
    // is taken inside the placement's transaction, so none may be left claimed.
    let firstPlaced = () => {}
    const onePlaced = new Promise<void>((resolve) => (firstPlaced = resolve))
    const inFlight = inParallel(shoppers, 4, async (shopper, index) => {
      const reply = await placeOrder(victim.url, shopper, keys[index])
      if (reply.status === 201) firstPlaced()
      return reply
    })
    const keyRows = (status: string) =>
      cluster.one(
        `select count(*)::int as n from idempotency_keys where user_id = any($1) and status = $2`,
        [ids, status]
      )
    await Promise.race([onePlaced, inFlight])
    await victim.stop('SIGKILL')
    cleanup(async () => {
      await cluster.startInstance(victimSlot, false)
    })
    const cut = await inFlight
    const orphaned = await keyRows('IN_PROGRESS')
    assert.equal(orphaned.n, 0)
    assert.isAbove(cut.filter((reply) => reply.status === 0).length, 0)

    const answers = await inParallel(shoppers, 40, (shopper, index) =>
      placeUntilAnswered(cluster.proxy.url, shopper, keys[index])
    )
    const retried = answers.map(({ final }) => final)
    assert.deepEqual(tally(retried), { 201: shoppers.length })
    for (const [index, shopper] of shoppers.entries()) {
      const checkouts = await cluster.all('select id from checkouts where user_id = $1', [
        shopper.id,
      ])
      assert.lengthOf(checkouts, 1, `${shopper.email} has ${checkouts.length} checkouts`)
      const replayedIds = (retried[index].body as Array<{ checkoutId: string }>).map(
        (order) => order.checkoutId
      )
      assert.deepEqual([...new Set(replayedIds)], [checkouts[0].id])
    }
    const left = await cluster.one(
      `select count(*)::int as n from idempotency_keys
       where user_id = any($1) and status <> 'COMPLETED'`,
      [ids]
    )
    assert.equal(left.n, 0)
  }).timeout(300_000)

  test('PostgreSQL restarts during load: requests fail fast with 503 and Retry-After, the pools recover', async ({
    assert,
  }) => {
    const shopper = await newShopper(cluster, 2_000, 'outage')
    const pids = cluster.instances.map((instance) => instance.child.pid)
    const replies: Array<Reply & { path: string; during: boolean }> = []
    let outage = false
    let running = true

    const requests = [
      { method: 'GET', path: '/api/v1/products?limit=5' },
      { method: 'GET', path: '/api/v1/cart', token: shopper.token },
      { method: 'GET', path: '/api/v1/orders', token: shopper.token },
      {
        method: 'POST',
        path: '/auth/login',
        json: {
          email: 'nobody@customers.example.com',
          password: 'Wrong-Password-0000',
          userType: 'customer',
        },
      },
    ]
    const load = Array.from({ length: 24 }, async (_, worker) => {
      for (let turn = 0; running; turn++) {
        const request = requests[(worker + turn) % requests.length]
        const during = outage
        const reply = await send(cluster.proxy.url, request.method, request.path, {
          token: request.token,
          json: request.json,
          address: addressOf(7_000 + worker * 50 + (turn % 50)),
          timeoutMs: 30_000,
        })
        replies.push({ ...reply, path: request.path, during: during && outage })
      }
    })

    await sleep(1_500)
    await cluster.postgres.stop()
    outage = true
    await sleep(1_000)
    const [health, ready] = await Promise.all([
      send(cluster.instances[0].url, 'GET', '/health'),
      send(cluster.instances[0].url, 'GET', '/health/ready'),
    ])
    await sleep(2_000)
    outage = false
    await cluster.postgres.start()
    // The pools reconnect by themselves: every instance serves again, none restarted.
    await eventually(async () => {
      const answers = await Promise.all(
        cluster.instances.map((instance) => send(instance.url, 'GET', '/api/v1/products?limit=1'))
      )
      return answers.every((answer) => answer.status === 200)
    }, 'the instances did not recover after PostgreSQL came back')
    await sleep(1_000)
    running = false
    await Promise.all(load)

    assert.equal(health.status, 503)
    assert.equal(ready.status, 503)
    assert.equal(ready.body.status, 'unavailable')
    assert.equal(
      ready.body.checks.find((check: { name: string }) => check.name === 'database').status,
      'error'
    )

    const unavailable = replies.filter((reply) => reply.status === 503)
    assert.isAbove(replies.filter((reply) => reply.during && reply.status === 503).length, 0)
    for (const reply of unavailable) {
      assert.equal(reply.headers.get('retry-after'), '5')
      if (reply.path.startsWith('/auth')) {
        assert.equal(reply.body.statusCode.value, 503)
        assert.equal(reply.body.error.code, 'SERVICE_UNAVAILABLE')
      } else {
        assert.include(reply.headers.get('content-type') ?? '', 'application/problem+json')
        assert.equal(reply.body.code, 'SERVICE_UNAVAILABLE')
        assert.equal(reply.body.status, 503)
      }
    }
    // Nothing else failed: no 500, no cut connection, and nothing hung.
    const others = replies.filter((reply) => reply.status !== 503)
    assertNoFaults(assert, others, 'during the restart')
    const slowest = Math.max(...replies.map((reply) => reply.ms))
    assert.isBelow(slowest, 8_000, `the slowest request took ${Math.round(slowest)} ms`)
    assert.deepEqual(
      cluster.instances.map((instance) => instance.child.pid),
      pids
    )
    const final = await send(cluster.proxy.url, 'GET', '/api/v1/cart', { token: shopper.token })
    assert.equal(final.status, 200)
  }).timeout(180_000)

  test('Redis stops: limits fall back to each instance with an error log, nothing fails, ready says degraded', async ({
    assert,
  }) => {
    const account = await customerVia(cluster.proxy.url, 'redis-outage', 5_004)
    const consolePage = (base: string) =>
      send(base, 'GET', '/admin/login', {
        headers: { accept: 'text/html' },
        address: addressOf(5_006),
      })
    const availableConsole = await consolePage(cluster.proxy.url)
    assert.equal(availableConsole.status, 200)

    await cluster.redis.stop()
    try {
      await eventually(async () => {
        const reports = await readiness()
        return reports.every((report) => report.body?.status === 'degraded')
      }, 'readiness did not turn degraded without Redis')
      for (const report of await readiness()) {
        assert.equal(report.status, 200)
        const redis = report.body.checks.find((check: { name: string }) => check.name === 'redis')
        assert.equal(redis.status, 'warning')
      }

      const [first, second] = cluster.instances
      const attempt = (base: string) =>
        send(base, 'POST', '/auth/login', {
          json: { email: account.email, password: 'Wrong-Password-0000', userType: 'customer' },
          address: addressOf(5_005),
        })
      const onSecond: Reply[] = []
      for (let index = 0; index < 6; index++) onSecond.push(await attempt(second.url))
      assert.deepEqual(onSecond.map(label), [
        ...Array(5).fill('401 INVALID_CREDENTIALS'),
        '429 TOO_MANY_REQUESTS',
      ])
      // Counted per instance meanwhile: the first instance has seen no failure yet.
      assert.equal(label(await attempt(first.url)), '401 INVALID_CREDENTIALS')

      const traffic = await inParallel(
        Array.from({ length: 30 }, (_, index) => index),
        10,
        (index) =>
          index % 3 === 0
            ? send(cluster.proxy.url, 'GET', `/api/v1/coupons/${COUPON_CODE}`, {
                token: account.token,
              })
            : index % 3 === 1
              ? send(cluster.proxy.url, 'GET', '/api/v1/products?limit=3', {
                  address: addressOf(5_200 + index),
                })
              : send(cluster.proxy.url, 'POST', '/auth/forget-password', {
                  json: { email: account.email },
                  address: addressOf(5_100 + index),
                })
      )
      assertNoFaults(assert, traffic, 'without Redis')

      // Console sessions live in Redis here (SESSION_DRIVER defaults to it with REDIS_URL): the
      // console cannot keep a session meanwhile, and says so with a 503, not a 500 or a hang.
      const unavailableConsole = await consolePage(cluster.proxy.url)
      assert.equal(unavailableConsole.status, 503)
      assert.equal(unavailableConsole.headers.get('retry-after'), '5')
      assert.isBelow(unavailableConsole.ms, 5_000)

      for (const instance of cluster.instances) {
        const logged = instance
          .logLines()
          .some((line) => line.level === 50 && String(line.msg).includes('rate limits fall back'))
        assert.isTrue(logged, `${instance.name} did not log the fallback`)
      }
    } finally {
      await cluster.redis.start()
    }
    await eventually(async () => {
      const reports = await readiness()
      return reports.every((report) => report.body?.status === 'ok')
    }, 'readiness did not return to ok with Redis back')
  }).timeout(180_000)

  test('SIGTERM during load: in-flight requests finish, the worker leaves nothing claimed, the process exits', async ({
    assert,
    cleanup,
  }) => {
    const [worker] = cluster.instances
    const shoppers = await inParallel(
      Array.from({ length: 12 }, (_, index) => 3_000 + index),
      12,
      (index) => newShopper(cluster, index, 'drain')
    )
    await inParallel(shoppers, 12, (shopper, index) =>
      fillCart(cluster.proxy.url, shopper, [{ productId: plentiful[index % 2].id, quantity: 2 }])
    )

    // Placements (which queue mail) and logins (slow by design) straight to the worker's instance.
    const direct = [
      ...shoppers.map((shopper, index) =>
        sendOnNewConnection(worker.url, 'POST', '/api/v1/checkout/place-order', {
          json: placement(shopper, `drain-${index}-${randomUUID()}`),
          token: shopper.token,
          address: shopper.address,
        })
      ),
      ...shoppers.map((shopper) =>
        sendOnNewConnection(worker.url, 'POST', '/auth/login', {
          json: { email: shopper.email, password: PASSWORD, userType: 'customer' },
          address: shopper.address,
        })
      ),
    ]
    await sleep(300)
    cleanup(async () => {
      await cluster.startInstance(0, true)
    })
    worker.child.kill('SIGTERM')
    // Meanwhile the proxy sends new requests elsewhere.
    const rerouted = await inParallel(
      Array.from({ length: 20 }, (_, index) => index),
      5,
      (index) =>
        send(cluster.proxy.url, 'GET', '/api/v1/products?limit=2', {
          address: addressOf(8_000 + index),
        })
    )
    const finished = await Promise.all(direct)
    const exit = await worker.exited

    assert.deepEqual(tally(finished), { 200: shoppers.length, 201: shoppers.length })
    assert.deepEqual(
      tally(rerouted),
      { 200: rerouted.length },
      rerouted.map((reply) => String(reply.body)).join(' | ')
    )
    assert.deepEqual(exit, { code: 0, signal: null })
    assert.isTrue(worker.logLines().some((line) => line.msg === 'mail worker stopped'))
    const claimed = await cluster.one(
      `select count(*)::int as n from outbox_messages where locked_until is not null`
    )
    assert.equal(claimed.n, 0)
  }).timeout(180_000)

  test('at the end, every invariant holds in the database', async ({ assert }) => {
    // Let the mail worker finish: nothing pending, nothing failed.
    await eventually(
      async () => {
        const unsent = await cluster.one(
          `select count(*)::int as n from outbox_messages where status <> 'SENT'`
        )
        return unsent.n === 0
      },
      'the outbox did not drain',
      120_000
    )

    assert.deepEqual(await brokenInvariants(cluster, products, cluster.smtp.messages.length), [])
  }).timeout(180_000)
})
