import { test } from '@japa/runner'
import { urlFor } from '@adonisjs/core/services/url_builder'
import CartItem from '#models/cart_item'
import Coupon from '#models/coupon'
import { UserType } from '#enums/user_type'
import { CouponFactory } from '#database/factories/coupon_factory'
import { actor } from '#tests/helpers/actors'
import { expectProblem } from '#tests/helpers/responses'
import { productOnSale } from '#tests/functional/catalog/support'
import { consoleAs } from '#tests/functional/console/support'
import { eachInTransaction } from '#tests/helpers/transactions'

/*
| Method spoofing is on for the console's HTML forms only (config/app.ts,
| app/middleware/method_spoofing_middleware.ts); its use by the forms is covered by every console
| test that updates or deletes. These pin what it must never reach.
*/
test.group('Method spoofing', (group) => {
  eachInTransaction(group)

  test('the JSON API ignores _method: a POST stays a POST', async ({ client, assert }) => {
    const { user, authorization } = await actor(UserType.CUSTOMER)
    const { product } = await productOnSale()
    const added = await client
      .post('/api/v1/cart/items')
      .header('Authorization', authorization)
      .json({ productId: product.id, quantity: 1 })
    added.assertStatus(200)

    const response = await client
      .post('/api/v1/cart')
      .qs({ _method: 'DELETE' })
      .header('Authorization', authorization)
    expectProblem(assert, response, 405, 'METHOD_NOT_ALLOWED')
    assert.lengthOf(await CartItem.query().where('user_id', user.id), 1, 'the cart is not emptied')
  })

  test('a console form asks for PUT, PATCH or DELETE alone, and only once', async ({
    client,
    assert,
  }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    const coupon = await CouponFactory.create()
    const edit = urlFor('console.coupons.edit', { id: coupon.id })
    const update = urlFor('console.coupons.update', { id: coupon.id })
    // Neither reaches the GET edit page nor the DELETE route: each stays a POST, which these
    // addresses do not take (405), and nothing fails on a `_method` sent twice.
    for (const address of [`${edit}?_method=GET`, `${update}?_method=DELETE&_method=DELETE`]) {
      const response = await admin.post(address, urlFor('console.coupons.index'))
      assert.equal(response.status(), 405, address)
    }
    assert.isNull(await Coupon.findOrFail(coupon.id).then((row) => row.deletedAt))
  })
})
