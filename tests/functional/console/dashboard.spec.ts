import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import type { ApiClient } from '@japa/api-client'
import type { Assert } from '@japa/assert'
import type User from '#models/user'
import { UserType } from '#enums/user_type'
import { makeUser } from '#tests/helpers/actors'
import { ShopFactory } from '#database/factories/shop_factory'
import { CouponFactory } from '#database/factories/coupon_factory'
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
