/*
| Races on placed orders, with real parallel requests outside any test transaction (see
| tests/functional/checkout/concurrency.spec.ts): the test data is deleted afterwards.
*/
import { randomUUID } from 'node:crypto'
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { actor } from '#tests/helpers/actors'
import { UserType } from '#enums/user_type'
import { CouponFactory } from '#database/factories/coupon_factory'
import { ShippingAddressFactory } from '#database/factories/shipping_address_factory'
import User from '#models/user'
import {
  deletedAfterEach,
  fillCart,
  product,
  seededMethod,
  sellerShop,
  tally,
  twoShopCart,
} from '#tests/functional/checkout/support'
import { placeThroughService } from '#tests/functional/orders/support'

test.group('Orders under concurrency', (group) => {
  const { userIds, couponIds } = deletedAfterEach(group)

  test('two simultaneous cancels of one order restore the stock once', async ({
    client,
    assert,
  }) => {
    const { customer, first, second, mug, standard } = await twoShopCart()
    userIds.push(customer.user.id, first.user.id, second.user.id)
    const user = await User.findOrFail(customer.user.id)
    const { orders } = await placeThroughService(user, customer, standard)

    const responses = await Promise.all([
      client
        .post(`/api/v1/orders/${orders[0].id}/cancel`)
        .header('Authorization', customer.authorization),
      client
        .put(`/api/v1/seller/orders/${orders[0].id}/status`)
        .header('Authorization', first.authorization)
        .json({ status: 'CANCELLED' }),
      client
        .post(`/api/v1/orders/${orders[0].id}/cancel`)
        .header('Authorization', customer.authorization),
    ])

    assert.deepEqual(tally(responses), { '200': 1, '409 INVALID_STATUS_TRANSITION': 2 })
    const mugRow = await db.from('product_variants').where('id', mug.id).firstOrFail()
    assert.equal(Number(mugRow.stock), 100)
    const history = await db
      .from('order_status_history')
      .where('order_id', orders[0].id)
      .where('to_value', 'CANCELLED')
    assert.lengthOf(history, 1)
  })

  test('cancelling both orders of a checkout at once gives its coupon use back once', async ({
    client,
    assert,
  }) => {
    const { customer, first, second, standard } = await twoShopCart()
    userIds.push(customer.user.id, first.user.id, second.user.id)
    // Two uses by other checkouts already, so a double give-back would show.
    const coupon = await CouponFactory.merge({ usageLimit: 10, usageCount: 2 }).create()
    couponIds.push(coupon.id)
    const user = await User.findOrFail(customer.user.id)
    const { orders } = await placeThroughService(user, customer, standard, {
      couponCode: coupon.code,
    })
    const before = await db.from('coupons').where('id', coupon.id).firstOrFail()
    assert.equal(Number(before.usage_count), 3)

    const responses = await Promise.all([
      client
        .put(`/api/v1/seller/orders/${orders[0].id}/status`)
        .header('Authorization', first.authorization)
        .json({ status: 'CANCELLED' }),
      client
        .put(`/api/v1/seller/orders/${orders[1].id}/status`)
        .header('Authorization', second.authorization)
        .json({ status: 'CANCELLED' }),
    ])

    assert.deepEqual(tally(responses), { '200': 2 })
    const after = await db.from('coupons').where('id', coupon.id).firstOrFail()
    assert.equal(Number(after.usage_count), 2)
    const checkout = await db.from('checkouts').where('id', orders[0].checkoutId).firstOrFail()
    assert.equal(Number(checkout.open_order_count), 0)
  })
})

test.group('Checkout invariants after a mixed run', (group) => {
  const { userIds, couponIds } = deletedAfterEach(group)

  test('stock, coupon uses and totals add up after placements and cancellations race', async ({
    client,
    assert,
  }) => {
    const seller = await sellerShop()
    const other = await sellerShop()
    userIds.push(seller.user.id, other.user.id)
    const a = await product(seller.shop.id, 1234, { stock: 15 })
    const b = await product(other.shop.id, 999, { stock: 15 })
    const coupon = await CouponFactory.merge({ usageLimit: 8, discountValue: 777 }).create()
    couponIds.push(coupon.id)
    const standard = await seededMethod('Standard')

    const customers: Array<{ authorization: string; address: { id: string } }> = []
    for (let index = 0; index < 20; index++) {
      const customer = await actor(UserType.CUSTOMER)
      userIds.push(customer.user.id)
      const address = await ShippingAddressFactory.merge({ userId: customer.user.id }).create()
      await fillCart(customer.user, [
        [a, 1],
        [b, 1],
      ])
      customers.push({ ...customer, address })
    }
    const placed = await Promise.all(
      customers.map((customer, index) =>
        client
          .post('/api/v1/checkout/place-order')
          .header('Authorization', customer.authorization)
          .json({
            shippingAddressId: customer.address.id,
            shippingMethodId: standard.id,
            paymentMethod: 'CREDIT_CARD',
            couponCode: index % 2 === 0 ? coupon.code : undefined,
            idempotencyKey: `mixed-${randomUUID()}`,
          })
      )
    )
    const succeeded = placed
      .map((response, index) => ({ response, customer: customers[index] }))
      .filter(({ response }) => response.status() === 201)

    // Half of them cancel their first order while the others keep placing nothing new.
    await Promise.all(
      succeeded
        .filter((_, index) => index % 2 === 0)
        .map(({ response, customer }) =>
          client
            .post(`/api/v1/orders/${response.body()[0].id}/cancel`)
            .header('Authorization', customer.authorization)
        )
    )

    const orders = await db.from('orders').whereIn('user_id', userIds)
    const live = orders.filter((order) => order.status !== 'CANCELLED')
    for (const [productRow, total] of [
      [a, 15],
      [b, 15],
    ] as const) {
      const sold = await db
        .from('order_items')
        .whereIn(
          'order_id',
          live.map((order) => order.id)
        )
        .where('product_id', productRow.id)
        .sum('quantity as units')
      const stock = await db.from('product_variants').where('id', productRow.id).firstOrFail()
      assert.isAtLeast(Number(stock.stock), 0)
      assert.equal(Number(stock.stock) + Number(sold[0].units ?? 0), total)
    }

    // Uses = checkouts with the coupon that still have an open order; never above the limit.
    const couponRow = await db.from('coupons').where('id', coupon.id).firstOrFail()
    const openWithCoupon = await db
      .from('checkouts')
      .where('coupon_id', coupon.id)
      .where('open_order_count', '>', 0)
    assert.equal(Number(couponRow.usage_count), openWithCoupon.length)
    assert.isAtMost(Number(couponRow.usage_count), 8)

    // Every order adds up, and every checkout is the sum of its orders.
    for (const order of orders) {
      assert.equal(
        Number(order.total_cents),
        Number(order.sub_total_cents) +
          Number(order.shipping_cost_cents) +
          Number(order.tax_amount_cents) -
          Number(order.discount_amount_cents)
      )
    }
    const checkouts = await db.from('checkouts').whereIn('user_id', userIds)
    for (const checkout of checkouts) {
      const own = orders.filter((order) => order.checkout_id === checkout.id)
      for (const field of [
        'sub_total_cents',
        'discount_amount_cents',
        'tax_amount_cents',
        'total_cents',
      ]) {
        assert.equal(
          own.reduce((sum, order) => sum + Number(order[field]), 0),
          Number(checkout[field]),
          field
        )
      }
    }
  })
})
