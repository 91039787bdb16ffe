import { randomUUID } from 'node:crypto'
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { DateTime, Settings } from 'luxon'
import type { ApiClient } from '@japa/api-client'
import type { Assert } from '@japa/assert'
import type User from '#models/user'
import { USER_TYPES, UserType } from '#enums/user_type'
import { makeUser } from '#tests/helpers/actors'
import { ShopFactory } from '#database/factories/shop_factory'
import { ProductFactory } from '#database/factories/product_factory'
import { DashboardService } from '#services/admin/dashboard_service'
import { CouponFactory } from '#database/factories/coupon_factory'
import { placedCheckout } from '#tests/functional/orders/support'
import { sqlTime } from '#support/sql_time'
import { storeTimezone } from '#support/store_time'
import {
  consoleAs,
  expectPage,
  rowText,
  signedIn,
  textOf,
  type ConsoleVisitor,
} from '#tests/functional/console/support'
import ShippingMethod from '#models/shipping_method'
import { PolicyFactory } from '#database/factories/policy_factory'
import { TaxRateFactory } from '#database/factories/tax_rate_factory'
import { formAction } from '#tests/helpers/routes'
import { eachInTransaction } from '#tests/helpers/transactions'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { REVENUE_DEFINITION } from '#services/admin/dashboard_service'

/**
 * The dashboard's figures by label. Tests compare before and after, so rows that tests outside a
 * transaction may have left behind do not matter.
 */
async function figures(client: ApiClient, assert: Assert, admin: User) {
  const text = textOf(
    expectPage(assert, await signedIn(client.get(urlFor('console.dashboard')), admin))
  )
  const figure = (pattern: RegExp) => {
    const match = pattern.exec(text)
    assert.isNotNull(match, `no figure matches ${pattern}`)
    return match!.slice(1).map(Number)
  }
  return {
    ordersToday: figure(/Orders today (\d+) (\d+) of them cancelled/),
    revenueToday: figure(/Revenue today ([\d.]+) USD /)[0],
    /** The chart's table: today's row is its last. */
    chartToday: figure(
      new RegExp(`${DateTime.now().setZone(storeTimezone()).toISODate()} (\\d+) ([\\d.]+)`)
    ),
    text,
    shopsAwaitingApproval: figure(/Shops awaiting approval (\d+) /)[0],
    couponsActiveNow: figure(/Coupons active now (\d+) /)[0],
    users: Object.fromEntries(
      USER_TYPES.map((type) => [
        type,
        figure(new RegExp(`${type} (\\d+) active · (\\d+) deactivated · (\\d+) awaiting approval`)),
      ])
    ) as Record<UserType, number[]>,
  }
}

test.group('Console dashboard', (group) => {
  eachInTransaction(group)
  // "Today" is the store's day: the clock stands at noon of it, so no run straddles midnight.
  group.each.setup(() => {
    const noon = DateTime.now().setZone(storeTimezone()).set({ hour: 12, minute: 0, second: 0 })
    Settings.now = () => noon.toMillis()
    return () => {
      Settings.now = () => Date.now()
    }
  })

  test('counts shops awaiting approval and coupons usable right now', async ({
    client,
    assert,
  }) => {
    const admin = await makeUser(UserType.ADMIN)
    const before = await figures(client, assert, admin)
    const seller = await makeUser(UserType.SELLER)
    await ShopFactory.merge({ sellerId: seller.id }).apply('pending').createMany(2)
    await ShopFactory.merge({ sellerId: seller.id }).create()
    await ShopFactory.merge({ sellerId: seller.id }).apply('suspended').create()
    await CouponFactory.createMany(3)
    await CouponFactory.merge({ usageLimit: 5, usageCount: 4 }).create()
    for (const state of ['inactive', 'expired', 'upcoming', 'usedUp', 'deleted'] as const) {
      await CouponFactory.apply(state).create()
    }

    const after = await figures(client, assert, admin)
    assert.equal(after.shopsAwaitingApproval - before.shopsAwaitingApproval, 2)
    assert.equal(after.couponsActiveNow - before.couponsActiveNow, 4)
  })

  test("counts today's orders and their revenue, cancelled ones left out as in the chart", async ({
    client,
    assert,
  }) => {
    const admin = await makeUser(UserType.ADMIN)
    const before = await figures(client, assert, admin)
    const today = await placedCheckout()
    const yesterday = await placedCheckout()
    await db
      .from('orders')
      .whereIn(
        'id',
        yesterday.orders.map((order) => order.id)
      )
      .update({
        created_at: sqlTime(
          DateTime.now().setZone(storeTimezone()).startOf('day').minus({ minutes: 1 })
        ),
      })
    await db.from('orders').where('id', today.orders[1].id).update({ status: 'CANCELLED' })

    const after = await figures(client, assert, admin)
    assert.deepEqual(
      after.ordersToday.map((count, index) => count - before.ordersToday[index]),
      [2, 1]
    )
    const keptCents = today.orders[0].totalCents
    assert.equal(Math.round((after.revenueToday - before.revenueToday) * 100), keptCents)
    // One definition: the tile is the chart's last day, orders and revenue alike.
    assert.equal(after.chartToday[1], after.revenueToday)
    assert.equal(after.chartToday[0], after.ordersToday[0])
    assert.include(after.text, REVENUE_DEFINITION)
  })

  test('counts users by type and state', async ({ client, assert }) => {
    const admin = await makeUser(UserType.SUPER_ADMIN)
    const before = await figures(client, assert, admin)
    // Per type: 1 + index active, 1 deactivated, and (sellers and admins) 1 awaiting approval.
    for (const [index, type] of USER_TYPES.entries()) {
      for (let made = 0; made <= index; made++) await makeUser(type)
      await makeUser(type, { isActive: false })
      if (type === UserType.SELLER || type === UserType.ADMIN) {
        await makeUser(type, { isActive: false, awaitingApproval: true })
      }
    }
    const after = await figures(client, assert, admin)
    const added = Object.fromEntries(
      USER_TYPES.map((type) => [
        type,
        after.users[type].map((count, index) => count - before.users[type][index]),
      ])
    )
    assert.deepEqual(added, {
      CUSTOMER: [1, 1, 0],
      SELLER: [2, 1, 1],
      ADMIN: [3, 1, 1],
      SUPER_ADMIN: [4, 1, 0],
    })
  })
})

/** Sets a config value for one test and puts the old one back after it. */
function configured(key: string, value: unknown, cleanup: (handler: () => void) => void) {
  const previous = app.config.get(key)
  app.config.set(key, value)
  cleanup(() => app.config.set(key, previous))
}

/** A wall-clock time in New York as the instant it names. */
const newYork = (text: string) => DateTime.fromISO(text, { zone: 'America/New_York' })

test.group('Console dashboard: orders and revenue per day', (group) => {
  eachInTransaction(group)

  test('buckets orders by store-local day, boundaries included, revenue without cancelled ones', async ({
    assert,
    cleanup,
  }) => {
    configured('store.timezone', 'America/New_York', cleanup)
    // Placed on the real clock (coupon validity is checked against the database's), then moved.
    const orders = []
    for (let made = 0; made < 4; made++) {
      const checkout = await placedCheckout()
      orders.push(...checkout.orders)
    }
    // Noon on the day after the spring-forward change: the window holds a 23-hour day.
    const noon = newYork('2026-03-09T12:00:00').toMillis()
    Settings.now = () => noon
    cleanup(() => {
      Settings.now = () => Date.now()
    })
    const dashboard = await app.container.make(DashboardService)
    const before = await dashboard.daily()
    assert.lengthOf(before, 30)
    assert.equal(before[0].day, '2026-02-08')
    assert.equal(before[29].day, '2026-03-09')

    // Each order placed at one instant; the day it must count on (null: outside the window).
    const placed: Array<[string, string | null]> = [
      ['2026-03-09T00:00:00', '2026-03-09'], // today's first second
      ['2026-03-08T23:59:59', '2026-03-08'], // the 23-hour day's last second
      ['2026-03-08T00:30:00', '2026-03-08'], // before the change, still EST
      ['2026-03-07T23:30:00', '2026-03-07'], // already 8 March in UTC
      ['2026-02-08T00:00:00', '2026-02-08'], // the window's first second
      ['2026-02-07T23:59:59', null], // one second before the window
      ['2026-03-10T00:00:00', null], // tomorrow
      ['2026-03-08T12:00:00', '2026-03-08'], // cancelled: an order, no revenue
    ]
    const expected = new Map<string, { orders: number; revenueCents: number }>()
    for (const [index, [wallClock, day]] of placed.entries()) {
      const order = orders[index]
      const cancelled = index === placed.length - 1
      await db
        .from('orders')
        .where('id', order.id)
        .update({
          created_at: sqlTime(newYork(wallClock), undefined, 'down'),
          ...(cancelled ? { status: 'CANCELLED' } : {}),
        })
      if (!day) continue
      const sums = expected.get(day) ?? { orders: 0, revenueCents: 0 }
      sums.orders += 1
      if (!cancelled) sums.revenueCents += order.totalCents
      expected.set(day, sums)
    }

    const after = await dashboard.daily()
    const added = Object.fromEntries(
      after
        .map((day, index) => ({
          day: day.day,
          orders: day.orders - before[index].orders,
          revenueCents: day.revenueCents - before[index].revenueCents,
        }))
        .filter((day) => day.orders !== 0 || day.revenueCents !== 0)
        .map(({ day, ...sums }) => [day, sums])
    )
    assert.deepEqual(added, Object.fromEntries(expected))
    assert.deepEqual(Object.keys(added), ['2026-02-08', '2026-03-07', '2026-03-08', '2026-03-09'])
  })
})

test.group('Console dashboard: the chart, failed mail and low stock', (group) => {
  eachInTransaction(group)

  test('the page draws the month and lists every figure in a hidden table', async ({
    client,
    assert,
  }) => {
    const admin = await makeUser(UserType.ADMIN)
    const { orders } = await placedCheckout()
    const html = expectPage(assert, await signedIn(client.get(urlFor('console.dashboard')), admin))

    assert.match(html, /<svg[^>]* role="img" aria-labelledby="daily-title daily-desc"/)
    assert.match(html, /<title id="daily-title">Orders and revenue per day, \d{4}-\d{2}-\d{2} to /)
    assert.include(html, '<desc id="daily-desc">')
    assert.lengthOf(html.match(/<rect class="bar"/g) ?? [], 30)
    assert.match(html, /<table class="visually-hidden">/)
    const today = DateTime.now().setZone(storeTimezone()).toISODate()!
    const todayRow = rowText(assert, html, `<th scope="row">${today}</th>`)
    const [, count, revenue] = /^\S+ (\d+) ([\d.]+)$/.exec(todayRow.trim()) ?? []
    assert.isAtLeast(Number(count), orders.length)
    const placedCents = orders.reduce((sum, order) => sum + order.totalCents, 0)
    assert.isAtLeast(Math.round(Number(revenue) * 100), placedCents)
  })

  const cards = async (client: ApiClient, assert: Assert, admin: User) => {
    const text = textOf(
      expectPage(assert, await signedIn(client.get(urlFor('console.dashboard')), admin))
    )
    const failed = /Failed mail (\d+) /.exec(text)
    const low = /Low stock (\d+) products on sale with (\d+) or fewer in stock/.exec(text)
    assert.isNotNull(failed)
    assert.isNotNull(low)
    return {
      text,
      failedMail: Number(failed![1]),
      lowStock: Number(low![1]),
      threshold: Number(low![2]),
    }
  }

  test('counts failed mail only', async ({ client, assert }) => {
    const admin = await makeUser(UserType.ADMIN)
    const before = await cards(client, assert, admin)
    const now = sqlTime(DateTime.now())
    const message = (status: string) => ({
      id: randomUUID(),
      kind: 'order_confirmation',
      payload: '{}',
      status,
      attempts: status === 'FAILED' ? 10 : 0,
      next_attempt_at: now,
      created_at: now,
      updated_at: now,
    })
    await db
      .table('outbox_messages')
      .multiInsert([message('FAILED'), message('FAILED'), message('PENDING'), message('SENT')])

    const after = await cards(client, assert, admin)
    assert.equal(after.failedMail - before.failedMail, 2)
  })

  test('counts live products at or below the configured threshold and names the lowest', async ({
    client,
    assert,
    cleanup,
  }) => {
    configured('store.lowStockThreshold', 3, cleanup)
    const admin = await makeUser(UserType.ADMIN)
    const before = await cards(client, assert, admin)
    assert.equal(before.threshold, 3)
    const seller = await makeUser(UserType.SELLER)
    const shop = await ShopFactory.merge({ sellerId: seller.id, name: 'Low Shelf' }).create()
    const product = (name: string, stock: number) =>
      ProductFactory.merge({ shopId: shop.id, name, stock })
    await product('0000 Last mug', 0).create()
    await product('0000 Nearly gone bowl', 1).create()
    await product('0000 At threshold jug', 3).create()
    await product('0000 Above threshold vase', 4).create()
    await product('0000 Inactive plate', 0).apply('inactive').create()
    await product('0000 Taken down tray', 0).apply('takenDown').create()
    await product('0000 Deleted cup', 0).apply('deleted').create()

    const after = await cards(client, assert, admin)
    assert.equal(after.lowStock - before.lowStock, 3)
    assert.include(after.text, '0000 Last mug (Low Shelf) 0 left')
    assert.include(after.text, '0000 Nearly gone bowl (Low Shelf) 1 left')
    assert.isBelow(after.text.indexOf('0000 Last mug'), after.text.indexOf('0000 Nearly gone bowl'))
    for (const hidden of [
      'Above threshold vase',
      'Inactive plate',
      'Taken down tray',
      'Deleted cup',
    ]) {
      assert.notInclude(after.text, hidden)
    }
  })

  test('the threshold defaults to 5', async ({ assert }) => {
    assert.equal(app.config.get('store.lowStockThreshold'), 5)
  })
})

test.group('Console dashboard: getting started', (group) => {
  eachInTransaction(group)
  // A new store: no tax rate, no approved shop, no policy in force, shipping never looked at.
  group.each.setup(async () => {
    await db
      .from('admin_actions')
      .whereIn('action', ['shipping_method.created', 'shipping_method.updated'])
      .delete()
    await db.from('tax_rates').delete()
    await db.from('orders').delete()
    await db.from('shops').where('status', 'APPROVED').update({ status: 'SUSPENDED' })
    await db.from('legal_policies').update({ is_active: false })
  })

  /** The checklist's items as `step: done|todo`, or null when the dashboard shows none. */
  async function checklist(admin: ConsoleVisitor) {
    const html = await admin.page(urlFor('console.dashboard'))
    if (!html.includes('id="setup-heading"')) return null
    const items = [...html.matchAll(/<li class="(done|todo)" data-step="(\w+)">/g)]
    return Object.fromEntries(items.map((match) => [match[2], match[1]]))
  }

  test('each step links to its page and ticks itself; all done, the list goes', async ({
    client,
    assert,
  }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    const html = await admin.page(urlFor('console.dashboard'))
    assert.include(textOf(html), 'Getting started (0 of 4 done)')
    for (const link of [
      urlFor('console.shipping_methods.index'),
      urlFor('console.tax_rates.create'),
      urlFor('console.shops.index', {}, { qs: { status: 'PENDING' } }),
      urlFor('console.policies.index'),
    ]) {
      assert.include(html, `href="${link}"`)
    }
    assert.deepEqual(await checklist(admin), {
      shipping_method: 'todo',
      tax_rate: 'todo',
      approved_shop: 'todo',
      policies: 'todo',
    })

    await admin.submit(
      formAction('console.tax_rates.store'),
      urlFor('console.tax_rates.create'),
      urlFor('console.tax_rates.index'),
      { country: 'US', region: 'TX', rate: '6.25' }
    )
    assert.deepInclude(await checklist(admin), { tax_rate: 'done' })

    const seller = await makeUser(UserType.SELLER)
    const shop = await ShopFactory.merge({ sellerId: seller.id }).apply('pending').create()
    await admin.submit(
      formAction('console.shops.approve', { id: shop.id }),
      urlFor('console.shops.index'),
      urlFor('console.shops.index')
    )
    assert.deepInclude(await checklist(admin), { approved_shop: 'done' })

    const [method] = await ShippingMethod.query().whereNull('deleted_at').limit(1)
    await admin.submit(
      formAction('console.shipping_methods.update', { id: method.id }),
      urlFor('console.shipping_methods.edit', { id: method.id }),
      urlFor('console.shipping_methods.index'),
      {
        _form: 'shipping-method',
        name: method.name,
        description: 'Checked by us',
        price: '7.5',
        estimatedDays: '3',
        isActive: 'true',
      }
    )
    assert.deepEqual(await checklist(admin), {
      shipping_method: 'done',
      tax_rate: 'done',
      approved_shop: 'done',
      policies: 'todo',
    })

    // One policy type in force is not enough: registration needs both.
    await PolicyFactory.merge({ version: '77.0' }).create()
    assert.deepInclude(await checklist(admin), { policies: 'todo' })
    await PolicyFactory.apply('terms').merge({ version: '77.0' }).create()
    assert.isNull(await checklist(admin), 'every step done: the list is gone')
  })

  test('a store that has taken an order has its shipping set up', async ({ client, assert }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    assert.deepInclude(await checklist(admin), { shipping_method: 'todo' })
    await placedCheckout()
    assert.deepInclude(await checklist(admin), { shipping_method: 'done' })
  })

  test('a step undone shows the list again', async ({ client, assert }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    await PolicyFactory.merge({ version: '77.0' }).create()
    await PolicyFactory.apply('terms').merge({ version: '77.0' }).create()
    const seller = await makeUser(UserType.SELLER)
    await ShopFactory.merge({ sellerId: seller.id }).create()
    await TaxRateFactory.create()
    await db.table('admin_actions').insert({
      id: randomUUID(),
      actor_id: admin.user.id,
      action: 'shipping_method.updated',
      target_type: 'shipping_method',
      target_id: randomUUID(),
      changes: JSON.stringify({ before: { priceCents: 500 }, after: { priceCents: 750 } }),
      created_at: sqlTime(DateTime.now()),
    })
    assert.isNull(await checklist(admin))

    await db.from('tax_rates').delete()
    assert.deepInclude(await checklist(admin), { tax_rate: 'todo', policies: 'done' })
  })
})
