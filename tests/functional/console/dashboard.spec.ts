import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { DateTime, Settings } from 'luxon'
import type { ApiClient } from '@japa/api-client'
import type { Assert } from '@japa/assert'
import type User from '#models/user'
import { USER_TYPES, UserType } from '#enums/user_type'
import { makeUser } from '#tests/helpers/actors'
import { ShopFactory } from '#database/factories/shop_factory'
import { CouponFactory } from '#database/factories/coupon_factory'
import { placedCheckout } from '#tests/functional/orders/fixtures'
import { sqlTime } from '#support/sql_time'
import { storeTimezone } from '#support/store_time'
import { expectPage, signedIn, textOf } from '#tests/functional/console/support'

/**
 * The dashboard's figures by label. Tests compare before and after, so rows that tests outside a
 * transaction may have left behind do not matter.
 */
async function figures(client: ApiClient, assert: Assert, admin: User) {
  const text = textOf(expectPage(assert, await signedIn(client.get('/admin'), admin)))
  const figure = (pattern: RegExp) => {
    const match = pattern.exec(text)
    assert.isNotNull(match, `no figure matches ${pattern}`)
    return match!.slice(1).map(Number)
  }
  return {
    ordersToday: figure(/Orders today (\d+) (\d+) of them cancelled/),
    ordersTotal: figure(/Their total ([\d.]+) USD /)[0],
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
  group.each.setup(() => testUtils.db().withGlobalTransaction())
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

  test('counts the orders placed today and their total, cancelled ones included', async ({
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
    const placedCents = today.orders.reduce((sum, order) => sum + order.totalCents, 0)
    assert.equal(Math.round((after.ordersTotal - before.ordersTotal) * 100), placedCents)
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
