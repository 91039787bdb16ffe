import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import type { ApiClient } from '@japa/api-client'
import type { Assert } from '@japa/assert'
import type User from '#models/user'
import { UserType } from '#enums/user_type'
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
    sellers: figure(/SELLER (\d+) active · (\d+) deactivated · (\d+) awaiting approval/),
  }
}

test.group('Console dashboard', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

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
    await makeUser(UserType.SELLER)
    await makeUser(UserType.SELLER, { isActive: false })
    await makeUser(UserType.SELLER, { isActive: false, awaitingApproval: true })
    const after = await figures(client, assert, admin)
    assert.deepEqual(
      after.sellers.map((count, index) => count - before.sellers[index]),
      [1, 1, 1]
    )
  })
})
