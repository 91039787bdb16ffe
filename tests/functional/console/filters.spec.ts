import { test } from '@japa/runner'
import { UserType } from '#enums/user_type'
import { makeUser } from '#tests/helpers/actors'
import { ShopFactory } from '#database/factories/shop_factory'
import { CouponFactory } from '#database/factories/coupon_factory'
import { expectPage, signedIn } from '#tests/functional/console/support'
import { eachInTransaction } from '#tests/helpers/transactions'
import { urlFor } from '@adonisjs/core/services/url_builder'

test.group('Console list filters', (group) => {
  eachInTransaction(group)

  test('a filter form sent with every field on "Any" or blank lists everything', async ({
    client,
    assert,
  }) => {
    const admin = await makeUser(UserType.SUPER_ADMIN)
    const seller = await makeUser(UserType.SELLER)
    const shop = await ShopFactory.merge({ sellerId: seller.id }).apply('pending').create()
    const coupon = await CouponFactory.create()

    const users = expectPage(
      assert,
      await signedIn(
        client.get(urlFor('console.users.index', {}, { qs: { email: '', type: '', status: '' } })),
        admin
      )
    )
    assert.include(users, seller.email)
    const shops = expectPage(
      assert,
      await signedIn(client.get(urlFor('console.shops.index', {}, { qs: { status: '' } })), admin)
    )
    assert.include(shops, shop.id)
    const coupons = expectPage(
      assert,
      await signedIn(client.get(urlFor('console.coupons.index', {}, { qs: { code: '' } })), admin)
    )
    assert.include(coupons, coupon.code)
  })
})
