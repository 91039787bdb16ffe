import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import db from '@adonisjs/lucid/services/db'
import { actor } from '#tests/helpers/actors'
import { UserType } from '#enums/user_type'
import { productOnSale } from '#tests/functional/catalog/support'
import { deleteCommitted } from '#tests/helpers/committed'

/** A customer and a product with `stock` units, committed; `cleanup` deletes them after the test. */
async function committedSale(stock: number, cleanup: (handler: () => Promise<void>) => void) {
  const customer = await actor(UserType.CUSTOMER)
  const { shop, product } = await productOnSale({ stock })
  cleanup(() => deleteCommitted({ users: [customer.user.id, shop.sellerId], shops: [shop.id] }))
  return { customer, product }
}

/** `count` requests at once, each adding 3 units of the product to the customer's cart. */
function parallelAdds(client: ApiClient, authorization: string, productId: string, count: number) {
  return Promise.all(
    Array.from({ length: count }, () =>
      client
        .post('/api/v1/cart/items')
        .header('Authorization', authorization)
        .json({ productId, quantity: 3 })
    )
  )
}

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
    const { customer, product } = await committedSale(100, cleanup)
    const responses = await parallelAdds(client, customer.authorization, product.id, 8)

    assert.deepEqual(
      responses.map((response) => response.status()),
      Array(8).fill(200)
    )
    const lines = await db.from('cart_items').where('user_id', customer.user.id)
    assert.lengthOf(lines, 1)
    assert.equal(Number(lines[0].quantity), 24)
  })

  test('parallel adds never push a line past the stock', async ({ client, assert, cleanup }) => {
    const { customer, product } = await committedSale(10, cleanup)
    const responses = await parallelAdds(client, customer.authorization, product.id, 6)

    const statuses = responses.map((response) => response.status())
    assert.equal(statuses.filter((status) => status === 200).length, 3)
    assert.equal(statuses.filter((status) => status === 422).length, 3)
    const lines = await db.from('cart_items').where('user_id', customer.user.id)
    assert.equal(Number(lines[0].quantity), 9)
  })
})
