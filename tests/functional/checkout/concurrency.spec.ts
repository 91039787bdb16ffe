/*
| Real parallel requests against the running server, outside any test transaction: each request
| commits on its own connection, so these tests create their rows and delete them afterwards.
| They matter most on PostgreSQL, where requests truly overlap; on SQLite one writer at a time
| gives the same answers.
*/
import { randomUUID } from 'node:crypto'
import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import db from '@adonisjs/lucid/services/db'
import { actor } from '#tests/helpers/actors'
import { UserType } from '#enums/user_type'
import { CouponFactory } from '#database/factories/coupon_factory'
import { ShippingAddressFactory } from '#database/factories/shipping_address_factory'
import CartItem from '#models/cart_item'
import {
  deletedAfterEach,
  product,
  requestPlacement,
  seededMethod,
  sellerShop,
  tally,
  twoShopCart,
} from '#tests/functional/checkout/support'

const PLACE = '/api/v1/checkout/place-order'

function place(client: ApiClient, authorization: string, body: Record<string, unknown>) {
  return client.post(PLACE).header('Authorization', authorization).json(body)
}

test.group('Checkout under concurrency', (group) => {
  const { userIds, couponIds } = deletedAfterEach(group)

  /** `count` customers, each with an address and one unit of `productId` in the cart. */
  async function customersWanting(count: number, productId: string) {
    const customers = []
    for (let index = 0; index < count; index++) {
      const customer = await actor(UserType.CUSTOMER)
      userIds.push(customer.user.id)
      const address = await ShippingAddressFactory.merge({ userId: customer.user.id }).create()
      await CartItem.create({
        userId: customer.user.id,
        productId,
        variantId: productId,
        quantity: 1,
      })
      customers.push({ ...customer, address })
    }
    return customers
  }

  test('50 customers buy the last 10 units: exactly 10 orders, stock ends at 0', async ({
    client,
    assert,
  }) => {
    const seller = await sellerShop()
    userIds.push(seller.user.id)
    const scarce = await product(seller.shop.id, 1000, { stock: 10 })
    const standard = await seededMethod('Standard')
    const customers = await customersWanting(50, scarce.id)

    const responses = await Promise.all(
      customers.map((customer) =>
        requestPlacement(client, customer, standard, { paymentMethod: 'CREDIT_CARD' })
      )
    )

    assert.deepEqual(tally(responses), { '201': 10, '422 INSUFFICIENT_STOCK': 40 })
    const row = await db.from('product_variants').where('id', scarce.id).firstOrFail()
    assert.equal(Number(row.stock), 0)
    const sold = await db
      .from('order_items')
      .where('product_id', scarce.id)
      .sum('quantity as units')
    assert.equal(Number(sold[0].units), 10)
    assert.lengthOf(await db.from('orders').whereIn('user_id', userIds), 10)
    // The refused customers keep their carts and hold no key.
    assert.lengthOf(await db.from('cart_items').where('product_id', scarce.id), 40)
    assert.lengthOf(await db.from('idempotency_keys').whereIn('user_id', userIds), 10)
  })

  test('50 checkouts on a coupon limited to 5 uses: exactly 5 use it', async ({
    client,
    assert,
  }) => {
    const seller = await sellerShop()
    userIds.push(seller.user.id)
    const plenty = await product(seller.shop.id, 2000, { stock: 1000 })
    const coupon = await CouponFactory.merge({ usageLimit: 5, discountValue: 500 }).create()
    couponIds.push(coupon.id)
    const standard = await seededMethod('Standard')
    const customers = await customersWanting(50, plenty.id)

    const responses = await Promise.all(
      customers.map((customer) =>
        requestPlacement(client, customer, standard, { couponCode: coupon.code })
      )
    )

    assert.deepEqual(tally(responses), { '201': 5, '422 COUPON_USAGE_LIMIT_REACHED': 45 })
    const row = await db.from('coupons').where('id', coupon.id).firstOrFail()
    assert.equal(Number(row.usage_count), 5)
    const stock = await db.from('product_variants').where('id', plenty.id).firstOrFail()
    assert.equal(Number(stock.stock), 995)
    const used = await db.from('checkouts').where('coupon_id', coupon.id)
    assert.lengthOf(used, 5)
    for (const response of responses.filter((candidate) => candidate.status() === 201)) {
      assert.equal(response.body()[0].discountAmount, 5)
    }
  })

  test('20 simultaneous requests with one key place one set of orders', async ({
    client,
    assert,
  }) => {
    const { customer, first, second, mug, standard } = await twoShopCart()
    userIds.push(customer.user.id, first.user.id, second.user.id)
    const body = {
      shippingAddressId: customer.address.id,
      shippingMethodId: standard.id,
      paymentMethod: 'CREDIT_CARD',
      idempotencyKey: `once-${randomUUID()}`,
    }

    const responses = await Promise.all(
      Array.from({ length: 20 }, () => place(client, customer.authorization, body))
    )

    const counts = tally(responses)
    for (const label of Object.keys(counts)) {
      assert.include(['201', '409 IDEMPOTENCY_IN_PROGRESS'], label, JSON.stringify(counts))
    }
    const created = responses.filter((response) => response.status() === 201)
    const fresh = created.filter((response) => response.header('idempotent-replayed') !== 'true')
    assert.lengthOf(fresh, 1)
    const orderIds = fresh[0].body().map((order: { id: string }) => order.id)
    for (const response of created) {
      assert.deepEqual(
        response.body().map((order: { id: string }) => order.id),
        orderIds
      )
    }
    assert.lengthOf(await db.from('orders').where('user_id', customer.user.id), 2)
    const mugRow = await db.from('product_variants').where('id', mug.id).firstOrFail()
    assert.equal(Number(mugRow.stock), 98)

    // Afterwards every retry replays.
    const late = await place(client, customer.authorization, body)
    late.assertStatus(201)
    assert.equal(late.header('idempotent-replayed'), 'true')
  })

  test('one cart checked out twice at once with two keys is ordered once', async ({
    client,
    assert,
  }) => {
    const { customer, first, second, mug, standard } = await twoShopCart()
    userIds.push(customer.user.id, first.user.id, second.user.id)
    const responses = await Promise.all(
      Array.from({ length: 5 }, () =>
        place(client, customer.authorization, {
          shippingAddressId: customer.address.id,
          shippingMethodId: standard.id,
          paymentMethod: 'CREDIT_CARD',
          idempotencyKey: `tab-${randomUUID()}`,
        })
      )
    )
    const counts = tally(responses)
    assert.equal(counts['201'], 1, JSON.stringify(counts))
    assert.equal(
      (counts['409 CART_CHANGED'] ?? 0) + (counts['422 EMPTY_CART'] ?? 0),
      4,
      JSON.stringify(counts)
    )
    assert.lengthOf(await db.from('orders').where('user_id', customer.user.id), 2)
    const mugRow = await db.from('product_variants').where('id', mug.id).firstOrFail()
    assert.equal(Number(mugRow.stock), 98)
  })
})
