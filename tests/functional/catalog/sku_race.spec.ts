import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { sellerWithShop } from '#tests/functional/catalog/support'
import { deleteCommitted } from '#tests/helpers/committed'

/*
| Real parallel requests on separate connections: no global transaction here, so every row this
| group writes is committed and deleted again by the cleanup.
*/
test.group('SKU uniqueness under concurrent requests', () => {
  test('parallel creations with one SKU: exactly one wins, the others get 409', async ({
    client,
    assert,
    cleanup,
  }) => {
    const { shop, user, authorization } = await sellerWithShop()
    cleanup(() => deleteCommitted({ users: [user.id], shops: [shop.id] }))

    const responses = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        client
          .post('/api/v1/seller/products')
          .header('Authorization', authorization)
          .json({ shopId: shop.id, name: `Twin ${index}`, sku: 'RACE-1', price: 1, stock: 1 })
      )
    )

    const statuses = responses.map((response) => response.status()).sort()
    assert.deepEqual(statuses, [201, 409, 409, 409, 409, 409])
    for (const response of responses.filter((candidate) => candidate.status() === 409)) {
      assert.equal(response.body().code, 'SKU_EXISTS')
    }
    assert.lengthOf(await db.from('products').where('shop_id', shop.id), 1)
  })
})
