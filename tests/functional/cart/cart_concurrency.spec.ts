import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { actor } from '#tests/helpers/actors'
import { UserType } from '#enums/user_type'
import { productOnSale } from '#tests/functional/catalog/fixtures'

/*
| Real parallel requests on separate connections: no global transaction here, so every row this
| group writes is committed and deleted again by the cleanup.
*/
test.group('Cart under concurrent requests', () => {
  test('parallel adds of one product merge into one line without losing units', async ({
    client,
    assert,
    cleanup,
  }) => {
    const customer = await actor(UserType.CUSTOMER)
    const { shop, product } = await productOnSale({ stock: 100 })
    cleanup(async () => {
      await db.from('cart_items').where('user_id', customer.user.id).delete()
      await db.from('products').where('shop_id', shop.id).delete()
      await db.from('shops').where('id', shop.id).delete()
      await db.from('users').whereIn('id', [customer.user.id, shop.sellerId]).delete()
    })

    const responses = await Promise.all(
      Array.from({ length: 8 }, () =>
        client
          .post('/api/v1/cart/items')
          .header('Authorization', customer.authorization)
          .json({ productId: product.id, quantity: 3 })
      )
    )

    assert.deepEqual(
      responses.map((response) => response.status()),
      Array(8).fill(200)
    )
    const lines = await db.from('cart_items').where('user_id', customer.user.id)
    assert.lengthOf(lines, 1)
    assert.equal(Number(lines[0].quantity), 24)
  })

  test('parallel adds never push a line past the stock', async ({ client, assert, cleanup }) => {
    const customer = await actor(UserType.CUSTOMER)
    const { shop, product } = await productOnSale({ stock: 10 })
    cleanup(async () => {
      await db.from('cart_items').where('user_id', customer.user.id).delete()
      await db.from('products').where('shop_id', shop.id).delete()
      await db.from('shops').where('id', shop.id).delete()
      await db.from('users').whereIn('id', [customer.user.id, shop.sellerId]).delete()
    })

    const responses = await Promise.all(
      Array.from({ length: 6 }, () =>
        client
          .post('/api/v1/cart/items')
          .header('Authorization', customer.authorization)
          .json({ productId: product.id, quantity: 3 })
      )
    )

    const statuses = responses.map((response) => response.status())
    assert.equal(statuses.filter((status) => status === 200).length, 3)
    assert.equal(statuses.filter((status) => status === 422).length, 3)
    const lines = await db.from('cart_items').where('user_id', customer.user.id)
    assert.equal(Number(lines[0].quantity), 9)
  })
})
