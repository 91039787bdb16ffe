/*
| Placement, cancellation and returns per variant, with real parallel requests: each request
| commits on its own connection, so these tests create their rows and delete them afterwards. On
| PostgreSQL the requests truly overlap; on SQLite one writer at a time gives the same answers.
*/
import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { actor } from '#tests/helpers/actors'
import { expectProblem } from '#tests/helpers/responses'
import { UserType } from '#enums/user_type'
import { ShippingAddressFactory } from '#database/factories/shipping_address_factory'
import CartItem from '#models/cart_item'
import {
  deletedAfterEach,
  requestPlacement,
  seededMethod,
  sellerShop,
  tally,
} from '#tests/functional/checkout/support'
import { as, moveOrder } from '#tests/functional/returns/support'

interface Shirt {
  id: string
  variants: Array<{ id: string; sku: string }>
}

/** A T-shirt in two sizes, made through the seller's API: M with `medium` units, L with `large`. */
async function shirt(
  client: ApiClient,
  seller: { authorization: string; shop: { id: string } },
  medium: number,
  large: number
): Promise<Shirt> {
  const response = await client
    .post('/api/v1/seller/products')
    .header('Authorization', seller.authorization)
    .json({
      shopId: seller.shop.id,
      name: 'T-shirt',
      options: [{ name: 'Size', values: ['M', 'L'] }],
      variants: [
        { sku: 'TEE-M', price: 20, stock: medium, optionValues: { Size: 'M' } },
        { sku: 'TEE-L', price: 25, stock: large, optionValues: { Size: 'L' } },
      ],
    })
  response.assertStatus(201)
  return response.body()
}

async function stockOf(variantId: string) {
  const variant = await db.from('product_variants').where('id', variantId).firstOrFail()
  return Number(variant.stock)
}

test.group('Placement per variant', (group) => {
  const { userIds } = deletedAfterEach(group)
  // What the test queued (order and return mail) and recorded (an administrator's payment) goes
  // with its rows: left behind, mail would keep the worker of later suites busy.
  group.each.setup(() => {
    const start = DateTime.now().minus({ seconds: 1 })
    return async () => {
      const since = start.toUTC().toFormat(db.connection().dialect.dateTimeFormat)
      await db.from('admin_actions').where('created_at', '>=', since).delete()
      await db.from('outbox_messages').where('created_at', '>=', since).delete()
    }
  })

  /** A customer with an address and the given variants of `product` in the cart. */
  async function customerWanting(product: Shirt, lines: Array<[variantId: string, units: number]>) {
    const customer = await actor(UserType.CUSTOMER)
    userIds.push(customer.user.id)
    const address = await ShippingAddressFactory.merge({ userId: customer.user.id }).create()
    const start = DateTime.now().minus({ minutes: 5 })
    for (const [index, [variantId, quantity]] of lines.entries()) {
      await CartItem.create({
        userId: customer.user.id,
        productId: product.id,
        variantId,
        quantity,
        createdAt: start.plus({ minutes: index }),
      })
    }
    return { ...customer, address }
  }

  test('40 buyers of the last 10 units of one size: exactly 10 orders, the other size untouched', async ({
    client,
    assert,
  }) => {
    const seller = await sellerShop()
    userIds.push(seller.user.id)
    const product = await shirt(client, seller, 10, 7)
    const [medium, large] = product.variants
    const standard = await seededMethod('Standard')
    const customers = []
    for (let index = 0; index < 40; index++) {
      customers.push(await customerWanting(product, [[medium.id, 1]]))
    }

    const responses = await Promise.all(
      customers.map((customer) => requestPlacement(client, customer, standard))
    )

    assert.deepEqual(tally(responses), { '201': 10, '422 INSUFFICIENT_STOCK': 30 })
    assert.equal(await stockOf(medium.id), 0)
    assert.equal(await stockOf(large.id), 7)
    const sold = await db
      .from('order_items')
      .where('variant_id', medium.id)
      .sum('quantity as units')
      .count('* as lines')
    assert.deepEqual([Number(sold[0].units), Number(sold[0].lines)], [10, 10])
    assert.lengthOf(await db.from('cart_items').where('variant_id', medium.id), 30)
  })

  test('two sizes of one product are two lines of one order; a cancellation gives each its units back', async ({
    client,
    assert,
  }) => {
    const seller = await sellerShop()
    userIds.push(seller.user.id)
    const product = await shirt(client, seller, 5, 5)
    const [medium, large] = product.variants
    const customer = await customerWanting(product, [
      [medium.id, 2],
      [large.id, 1],
    ])
    const placed = await requestPlacement(client, customer, await seededMethod('Standard'))
    placed.assertStatus(201)
    const [order] = placed.body()
    assert.containsSubset(order, {
      subTotal: 65,
      items: [
        { productId: product.id, variantId: medium.id, sku: 'TEE-M', optionValues: { Size: 'M' } },
        { productId: product.id, variantId: large.id, sku: 'TEE-L', unitPrice: 25, quantity: 1 },
      ],
    })
    assert.deepEqual([await stockOf(medium.id), await stockOf(large.id)], [3, 4])
    const stored = await db.from('order_items').where('order_id', order.id).orderBy('position')
    assert.deepEqual(
      stored.map((item) => [item.variant_id, JSON.parse(item.option_values)]),
      [
        [medium.id, { Size: 'M' }],
        [large.id, { Size: 'L' }],
      ]
    )

    const cancelled = await client
      .post(`/api/v1/orders/${order.id}/cancel`)
      .header('Authorization', customer.authorization)
    cancelled.assertStatus(200)
    assert.deepEqual([await stockOf(medium.id), await stockOf(large.id)], [5, 5])
  })

  test('a return names its line by variant; by product alone it is ambiguous', async ({
    client,
    assert,
  }) => {
    const seller = await sellerShop()
    userIds.push(seller.user.id)
    const admin = await actor(UserType.ADMIN)
    userIds.push(admin.user.id)
    const product = await shirt(client, seller, 5, 5)
    const [medium, large] = product.variants
    const customer = await customerWanting(product, [
      [medium.id, 2],
      [large.id, 1],
    ])
    const placed = await requestPlacement(client, customer, await seededMethod('Standard'), {
      paymentMethod: 'BANK_TRANSFER',
    })
    placed.assertStatus(201)
    const [order] = placed.body()
    // Paid and delivered, as a return needs.
    const paid = await as(client, admin, 'put', `/api/v1/admin/orders/${order.id}/payment-status`, {
      paymentStatus: 'PAID',
    })
    paid.assertStatus(200)
    await moveOrder(client, seller, order.id, 'CONFIRMED')
    await moveOrder(client, seller, order.id, 'SHIPPED', { carrier: 'UPS', trackingNumber: '1Z1' })
    await moveOrder(client, seller, order.id, 'DELIVERED')

    const returns = `/api/v1/orders/${order.id}/returns`
    const ambiguous = await client
      .post(returns)
      .header('Authorization', customer.authorization)
      .json({ items: [{ productId: product.id, quantity: 1 }], reason: 'Too small' })
    expectProblem(assert, ambiguous, 422, 'RETURN_ITEM_NOT_IN_ORDER')
    const requested = await client
      .post(returns)
      .header('Authorization', customer.authorization)
      .json({ items: [{ variantId: medium.id, quantity: 1 }], reason: 'Too small' })
    requested.assertStatus(201)
    const line = await db
      .from('order_items')
      .where({ order_id: order.id, variant_id: medium.id })
      .firstOrFail()
    assert.containsSubset(requested.body().items, [{ orderItemId: line.id, quantity: 1 }])
    assert.equal(Number(line.returned_quantity), 1)
  })
})
