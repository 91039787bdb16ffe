/*
| Cart abuse limits under real parallel requests: no global transaction here, so every row this
| group writes is committed and deleted again afterwards.
*/
import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import db from '@adonisjs/lucid/services/db'
import CartItem, { MAX_CART_LINES, MAX_LINE_QUANTITY } from '#models/cart_item'
import { ProductFactory } from '#database/factories/product_factory'
import { UserType } from '#enums/user_type'
import { actor } from '#tests/helpers/actors'
import { expectProblem } from '#tests/helpers/responses'
import { cleanUp, product, sellerShop, tally } from '#tests/functional/checkout/support'

function add(client: ApiClient, authorization: string, productId: string, quantity: number) {
  return client
    .post('/api/v1/cart/items')
    .header('Authorization', authorization)
    .json({ productId, quantity })
}

async function linesOf(userId: string) {
  return db.from('cart_items').where('user_id', userId).orderBy('created_at')
}

test.group('Cart limits under parallel requests', (group) => {
  let userIds: string[] = []
  group.each.setup(() => {
    userIds = []
    return () => cleanUp(userIds, [])
  })

  /** A seller with a shop and a customer, both deleted after the test. */
  async function sellerAndCustomer() {
    const seller = await sellerShop()
    const customer = await actor(UserType.CUSTOMER)
    userIds.push(seller.user.id, customer.user.id)
    return { seller, customer }
  }

  test('a cart holds at most 100 lines, however many adds arrive at once', async ({
    client,
    assert,
  }) => {
    const { seller, customer } = await sellerAndCustomer()
    const already = MAX_CART_LINES - 5
    const products = await ProductFactory.merge({ shopId: seller.shop.id, stock: 50 }).createMany(
      already + 15
    )
    await CartItem.createMany(
      products.slice(0, already).map((item) => ({
        userId: customer.user.id,
        productId: item.id,
        variantId: item.id,
        quantity: 1,
      }))
    )

    const responses = await Promise.all(
      products.slice(already).map((item) => add(client, customer.authorization, item.id, 1))
    )
    assert.deepEqual(tally(responses), { '200': 5, '422 CART_FULL': 10 })
    assert.lengthOf(await linesOf(customer.user.id), MAX_CART_LINES)

    // A full cart still takes more units of a product it holds.
    const merged = await add(client, customer.authorization, products[0].id, 2)
    merged.assertStatus(200)
    // A product none of the parallel adds reached: which five of them got in is down to timing.
    const newcomer = await ProductFactory.merge({ shopId: seller.shop.id, stock: 50 }).create()
    const refused = await add(client, customer.authorization, newcomer.id, 1)
    expectProblem(assert, refused, 422, 'CART_FULL')
    assert.lengthOf(await linesOf(customer.user.id), MAX_CART_LINES)
  })

  test('a line holds at most 999 units, however many adds arrive at once', async ({
    client,
    assert,
  }) => {
    const { seller, customer } = await sellerAndCustomer()
    const plenty = await product(seller.shop.id, 100, { stock: 5000 })

    const responses = await Promise.all(
      Array.from({ length: 12 }, () => add(client, customer.authorization, plenty.id, 100))
    )
    assert.deepEqual(tally(responses), { '200': 9, '422 QUANTITY_LIMIT_EXCEEDED': 3 })
    const [line] = await linesOf(customer.user.id)
    assert.equal(Number(line.quantity), 900)
    assert.isAtMost(Number(line.quantity), MAX_LINE_QUANTITY)
  })
})
