import { randomUUID } from 'node:crypto'
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { actor } from '#tests/helpers/actors'
import { expectProblem } from '#tests/helpers/responses'
import { UserType } from '#enums/user_type'
import { CouponFactory } from '#database/factories/coupon_factory'
import { TaxRateFactory } from '#database/factories/tax_rate_factory'
import Product from '#models/product'
import ProductVariant from '#models/product_variant'
import { STALE_CLAIM_SECONDS } from '#services/checkout/idempotency_service'
import {
  checkoutFields,
  fillCart,
  orderFields,
  postAs,
  product,
  seededMethod,
  sellerShop,
  shopper,
  twoShopCart,
  requestPlacement,
} from '#tests/functional/checkout/support'
import { eachInTransaction } from '#tests/helpers/transactions'

const PLACE = '/api/v1/checkout/place-order'
const SUMMARY = '/api/v1/checkout/summary'
const UNKNOWN_ID = '7c9e6679-7425-40de-944b-e07fc1f90ae7'

const fieldsOf = (body: { errors?: Array<{ field: string }> }) =>
  (body.errors ?? []).map((error) => error.field).sort()

const newKey = () => `key-${randomUUID()}`

const stockOf = async (productId: string) => {
  const row = await db.from('product_variants').where('id', productId).firstOrFail()
  return Number(row.stock)
}

/**
 * The rows a placement by `customer` writes, counted among that customer's rows only, to show a
 * refused request wrote none.
 */
async function footprint(customer: { id: string; email: string }) {
  const orders = await db.from('orders').where('user_id', customer.id).select('id')
  const orderIds = orders.map((row) => row.id)
  const items = await db.from('order_items').whereIn('order_id', orderIds)
  const history = await db.from('order_status_history').whereIn('order_id', orderIds)
  const checkouts = await db.from('checkouts').where('user_id', customer.id)
  const outbox = await db.from('outbox_messages').whereLike('payload', `%${customer.email}%`)
  const keys = await db.from('idempotency_keys').where('user_id', customer.id)
  return {
    orders: orderIds.length,
    items: items.length,
    checkouts: checkouts.length,
    history: history.length,
    outbox: outbox.length,
    keys: keys.length,
  }
}

/** The idempotency keys these users hold. */
const keysOf = (userIds: string[]) => db.from('idempotency_keys').whereIn('user_id', userIds)

test.group('POST /api/v1/checkout/place-order: who may call and what it takes', (group) => {
  eachInTransaction(group)

  test('needs a customer token', async ({ client, assert }) => {
    const body = {
      shippingAddressId: UNKNOWN_ID,
      shippingMethodId: UNKNOWN_ID,
      paymentMethod: 'PAYPAL',
      idempotencyKey: newKey(),
    }
    expectProblem(assert, await client.post(PLACE).json(body), 401, 'UNAUTHORIZED')
    const refusedIds = []
    for (const type of [UserType.SELLER, UserType.ADMIN, UserType.SUPER_ADMIN]) {
      const { user, authorization } = await actor(type)
      refusedIds.push(user.id)
      const response = await client.post(PLACE).header('Authorization', authorization).json(body)
      expectProblem(assert, response, 403, 'FORBIDDEN')
    }
    assert.lengthOf(await keysOf(refusedIds), 0)
  })

  test('refuses missing or malformed fields, and claims no key', async ({ client, assert }) => {
    const { user, authorization } = await shopper()
    const missing = await client.post(PLACE).header('Authorization', authorization).json({})
    assert.deepEqual(fieldsOf(expectProblem(assert, missing, 400, 'VALIDATION_FAILED')), [
      'idempotencyKey',
      'paymentMethod',
      'shippingAddressId',
      'shippingMethodId',
    ])

    const malformed = await client
      .post(PLACE)
      .header('Authorization', authorization)
      .json({
        shippingAddressId: UNKNOWN_ID,
        shippingMethodId: UNKNOWN_ID,
        paymentMethod: 'BITCOIN',
        notes: 'n'.repeat(1001),
        idempotencyKey: 'short',
      })
    assert.deepEqual(fieldsOf(expectProblem(assert, malformed, 400, 'VALIDATION_FAILED')), [
      'idempotencyKey',
      'notes',
      'paymentMethod',
    ])

    for (const idempotencyKey of ['has space in it', 'ü'.repeat(10), 'k'.repeat(129), 12345678]) {
      const response = await client.post(PLACE).header('Authorization', authorization).json({
        shippingAddressId: UNKNOWN_ID,
        shippingMethodId: UNKNOWN_ID,
        paymentMethod: 'PAYPAL',
        idempotencyKey,
      })
      assert.deepEqual(fieldsOf(expectProblem(assert, response, 400, 'VALIDATION_FAILED')), [
        'idempotencyKey',
      ])
    }
    assert.lengthOf(await keysOf([user.id]), 0)
  })

  test('a key in the header and a different one in the body is a 400', async ({
    client,
    assert,
  }) => {
    const { authorization } = await shopper()
    const response = await client
      .post(PLACE)
      .header('Authorization', authorization)
      .header('Idempotency-Key', newKey())
      .json({
        shippingAddressId: UNKNOWN_ID,
        shippingMethodId: UNKNOWN_ID,
        paymentMethod: 'PAYPAL',
        idempotencyKey: newKey(),
      })
    assert.deepEqual(fieldsOf(expectProblem(assert, response, 400, 'VALIDATION_FAILED')), [
      'idempotencyKey',
    ])
  })
})

test.group('POST /api/v1/checkout/place-order: placing', (group) => {
  eachInTransaction(group)

  test('creates one order per shop, exactly as the summary priced them', async ({
    client,
    assert,
  }) => {
    const { customer, first, second, mug, spoon, tea, standard } = await twoShopCart()
    await TaxRateFactory.merge({ country: 'US', region: 'CA', rate: 8250 }).create()
    const coupon = await CouponFactory.merge({ discountValue: 1000, usageLimit: 10 }).create()
    const request = checkoutFields(customer, standard, { couponCode: coupon.code.toLowerCase() })
    const summary = await postAs(client, SUMMARY, customer, request)
    summary.assertStatus(200)

    const key = newKey()
    const response = await postAs(client, PLACE, customer, {
      ...request,
      paymentMethod: 'CREDIT_CARD',
      notes: '  Ring twice  ',
      idempotencyKey: key,
    })

    response.assertStatus(201)
    assert.isUndefined(response.header('idempotent-replayed'))
    const orders = response.body()
    assert.lengthOf(orders, 2)
    assert.deepEqual(Object.keys(orders[0]).sort(), [
      'checkoutId',
      'couponCode',
      'createdAt',
      'currency',
      'discountAmount',
      'id',
      'items',
      'notes',
      'orderNumber',
      'paidAmount',
      'paymentMethod',
      'paymentStatus',
      'refundedAmount',
      'shipment',
      'shippingAddress',
      'shippingCost',
      'shippingMethod',
      'shopId',
      'shopName',
      'status',
      'subTotal',
      'taxAmount',
      'total',
      'updatedAt',
    ])

    // Each order matches its line of the summary, to the cent.
    for (const [index, order] of orders.entries()) {
      const priced = summary.body().orders[index]
      assert.containsSubset(order, {
        shopId: priced.shopId,
        shopName: priced.shopName,
        subTotal: priced.subTotal,
        shippingCost: priced.shippingCost,
        taxAmount: priced.taxAmount,
        discountAmount: priced.discountAmount,
        total: priced.total,
        status: 'PENDING',
        paymentStatus: 'UNPAID',
        paymentMethod: 'CREDIT_CARD',
        couponCode: coupon.code,
        currency: 'USD',
        notes: 'Ring twice',
        shippingMethod: { id: standard.id, name: 'Standard' },
        checkoutId: orders[0].checkoutId,
      })
      assert.match(order.orderNumber, /^ORD-\d{8}-[0-9A-HJKMNP-TV-Z]{10}$/)
    }
    assert.notEqual(orders[0].orderNumber, orders[1].orderNumber)
    assert.deepEqual(orders[0].shippingAddress, {
      fullName: customer.address.fullName,
      phone: customer.address.phone,
      line1: customer.address.line1,
      line2: null,
      city: customer.address.city,
      state: 'CA',
      postalCode: '94105',
      country: 'US',
    })
    assert.deepEqual(orders[0].items, [
      {
        productId: mug.id,
        variantId: mug.id,
        optionValues: {},
        name: 'Mug',
        sku: 'MUG-1',
        unitPrice: 10,
        quantity: 2,
        lineTotal: 20,
      },
      {
        productId: spoon.id,
        variantId: spoon.id,
        optionValues: {},
        name: 'Spoon',
        sku: 'SPOON-1',
        unitPrice: 5.5,
        quantity: 1,
        lineTotal: 5.5,
      },
    ])
    assert.deepEqual(orders[1].items, [
      {
        productId: tea.id,
        variantId: tea.id,
        optionValues: {},
        name: 'Tea',
        sku: 'TEA-1',
        unitPrice: 7.25,
        quantity: 3,
        lineTotal: 21.75,
      },
    ])
    assert.equal(orders[0].shopId, first.shop.id)
    assert.equal(orders[1].shopId, second.shop.id)

    // The database: stock taken, one coupon use, cart empty, a checkout that adds up.
    assert.equal(await stockOf(mug.id), 98)
    assert.equal(await stockOf(spoon.id), 99)
    assert.equal(await stockOf(tea.id), 97)
    const couponRow = await db.from('coupons').where('id', coupon.id).firstOrFail()
    assert.equal(Number(couponRow.usage_count), 1)
    assert.lengthOf(await db.from('cart_items').where('user_id', customer.user.id), 0)

    const checkout = await db.from('checkouts').where('id', orders[0].checkoutId).firstOrFail()
    assert.containsSubset(
      {
        total: Number(checkout.total_cents),
        orders: Number(checkout.order_count),
        open: Number(checkout.open_order_count),
        coupon: checkout.coupon_id,
      },
      { total: 5032, orders: 2, open: 2, coupon: coupon.id }
    )
    assert.equal(Math.round(summary.body().total * 100), 5032)
    const rows = await db.from('orders').where('checkout_id', checkout.id).orderBy('position')
    assert.deepEqual(
      rows.map((row) => [
        Number(row.sub_total_cents),
        Number(row.shipping_cost_cents),
        Number(row.tax_amount_cents),
        Number(row.discount_amount_cents),
        Number(row.total_cents),
      ]),
      [
        [2550, 500, 166, 540, 2676],
        [2175, 500, 141, 460, 2356],
      ]
    )

    // The history starts with PENDING, by the customer.
    const history = await db.from('order_status_history').whereIn(
      'order_id',
      rows.map((row) => row.id)
    )
    assert.lengthOf(history, 2)
    for (const entry of history) {
      assert.containsSubset(entry, {
        field: 'STATUS',
        from_value: null,
        to_value: 'PENDING',
        actor_id: customer.user.id,
        actor_type: 'CUSTOMER',
      })
    }

    // Mails: one confirmation to the customer, one new-order notice per seller.
    const mails = await db
      .from('outbox_messages')
      .whereIn('kind', ['order_confirmation', 'new_order'])
    const recipients = mails.map((mail) => [mail.kind, JSON.parse(mail.payload).email]).sort()
    assert.deepEqual(
      recipients,
      [
        ['new_order', first.user.email],
        ['new_order', second.user.email],
        ['order_confirmation', customer.user.email],
      ].sort()
    )

    const keyRow = await db.from('idempotency_keys').where('key', key).firstOrFail()
    assert.equal(keyRow.status, 'COMPLETED')
    assert.equal(keyRow.checkout_id, checkout.id)
  })

  test('takes the key from the Idempotency-Key header', async ({ client, assert }) => {
    const { customer, standard } = await twoShopCart()
    const key = newKey()
    const response = await client
      .post(PLACE)
      .header('Authorization', customer.authorization)
      .header('Idempotency-Key', key)
      .json({
        shippingAddressId: customer.address.id,
        shippingMethodId: standard.id,
        paymentMethod: 'CASH_ON_DELIVERY',
      })
    response.assertStatus(201)
    assert.lengthOf(response.body(), 2)
    const keyRow = await db.from('idempotency_keys').where('key', key).firstOrFail()
    assert.equal(keyRow.user_id, customer.user.id)
  })

  test('a single-shop cart without coupon gives one order', async ({ client, assert }) => {
    const customer = await shopper()
    const { shop } = await sellerShop()
    const item = await product(shop.id, 333, { stock: 3 })
    await fillCart(customer.user, [[item, 3]])
    const express = await seededMethod('Express')
    const response = await requestPlacement(client, customer, express, {
      paymentMethod: 'BANK_TRANSFER',
    })
    response.assertStatus(201)
    assert.lengthOf(response.body(), 1)
    assert.containsSubset(response.body()[0], {
      subTotal: 9.99,
      shippingCost: 15,
      taxAmount: 0,
      discountAmount: 0,
      total: 24.99,
      couponCode: null,
      notes: null,
    })
    assert.equal(await stockOf(item.id), 0)
  })
})

test.group('POST /api/v1/checkout/place-order: refusals change nothing', (group) => {
  eachInTransaction(group)

  test('an empty cart is a 422 EMPTY_CART', async ({ client, assert }) => {
    const customer = await shopper()
    const standard = await seededMethod('Standard')
    const before = await footprint(customer.user)
    const response = await requestPlacement(client, customer, standard)
    expectProblem(assert, response, 422, 'EMPTY_CART')
    assert.deepEqual(await footprint(customer.user), before)
  })

  test("another customer's address, or an inactive method, is a 404", async ({
    client,
    assert,
  }) => {
    const { customer, standard } = await twoShopCart()
    const other = await shopper()
    const before = await footprint(customer.user)
    const foreign = await postAs(client, PLACE, customer, orderFields(other, standard))
    expectProblem(assert, foreign, 404, 'SHIPPING_ADDRESS_NOT_FOUND')
    await db.from('shipping_methods').where('id', standard.id).update({ is_active: false })
    const inactive = await requestPlacement(client, customer, standard)
    expectProblem(assert, inactive, 404, 'SHIPPING_METHOD_NOT_FOUND')
    assert.deepEqual(await footprint(customer.user), before)
  })

  test('short stock is a 422 with nothing taken, counted or emptied; the key can be used again', async ({
    client,
    assert,
  }) => {
    const { customer, mug, tea, standard } = await twoShopCart()
    const coupon = await CouponFactory.merge({ usageLimit: 5 }).create()
    await ProductVariant.query().where('id', tea.id).update({ stock: 2 })
    const before = await footprint(customer.user)
    const body = orderFields(customer, standard, {
      paymentMethod: 'DEBIT_CARD',
      couponCode: coupon.code,
    })
    const refused = await postAs(client, PLACE, customer, body)
    expectProblem(assert, refused, 422, 'INSUFFICIENT_STOCK')
    assert.deepEqual(await footprint(customer.user), before)
    assert.equal(await stockOf(mug.id), 100)
    assert.equal(await stockOf(tea.id), 2)
    const couponRow = await db.from('coupons').where('id', coupon.id).firstOrFail()
    assert.equal(Number(couponRow.usage_count), 0)
    assert.lengthOf(await db.from('cart_items').where('user_id', customer.user.id), 3)

    // Restocked, the same request with the same key goes through.
    await ProductVariant.query().where('id', tea.id).update({ stock: 10 })
    const retried = await postAs(client, PLACE, customer, body)
    retried.assertStatus(201)
    assert.isUndefined(retried.header('idempotent-replayed'))
    assert.equal(await stockOf(tea.id), 7)
  })

  test('a coupon used up is a 422 and nothing is placed', async ({ client, assert }) => {
    const { customer, standard } = await twoShopCart()
    const coupon = await CouponFactory.apply('usedUp').create()
    const before = await footprint(customer.user)
    const response = await requestPlacement(client, customer, standard, { couponCode: coupon.code })
    expectProblem(assert, response, 422, 'COUPON_USAGE_LIMIT_REACHED')
    assert.deepEqual(await footprint(customer.user), before)
  })

  test('a product taken off sale is a 409 PRODUCT_UNAVAILABLE', async ({ client, assert }) => {
    const { customer, spoon, standard } = await twoShopCart()
    await Product.query().where('id', spoon.id).update({ isActive: false })
    const before = await footprint(customer.user)
    const response = await requestPlacement(client, customer, standard)
    expectProblem(assert, response, 409, 'PRODUCT_UNAVAILABLE')
    assert.deepEqual(await footprint(customer.user), before)
  })
})

test.group('POST /api/v1/checkout/place-order: idempotency', (group) => {
  eachInTransaction(group)

  test('the same key and body replay the same orders, creating nothing', async ({
    client,
    assert,
  }) => {
    const { customer, mug, standard } = await twoShopCart()
    const coupon = await CouponFactory.merge({ usageLimit: 5 }).create()
    const body = orderFields(customer, standard, {
      couponCode: coupon.code,
      notes: 'Leave at the door',
    })
    const first = await postAs(client, PLACE, customer, body)
    first.assertStatus(201)
    const after = await footprint(customer.user)

    // The cart is empty now: only a replay can answer 201. Case and spacing of the coupon and
    // the notes do not make it a different request.
    const replay = await postAs(client, PLACE, customer, {
      ...body,
      couponCode: ` ${coupon.code.toLowerCase()} `,
      notes: ' Leave at the door ',
    })
    replay.assertStatus(201)
    assert.equal(replay.header('idempotent-replayed'), 'true')
    assert.deepEqual(replay.body(), first.body())
    assert.deepEqual(await footprint(customer.user), after)
    assert.equal(await stockOf(mug.id), 98)
    const couponRow = await db.from('coupons').where('id', coupon.id).firstOrFail()
    assert.equal(Number(couponRow.usage_count), 1)
  })

  test('the same key with a different body is a 422 IDEMPOTENCY_KEY_REUSED', async ({
    client,
    assert,
  }) => {
    const { customer, standard } = await twoShopCart()
    const body = orderFields(customer, standard)
    const first = await postAs(client, PLACE, customer, body)
    first.assertStatus(201)
    const after = await footprint(customer.user)
    for (const changed of [{ paymentMethod: 'CREDIT_CARD' }, { notes: 'different' }]) {
      const response = await postAs(client, PLACE, customer, { ...body, ...changed })
      expectProblem(assert, response, 422, 'IDEMPOTENCY_KEY_REUSED')
    }
    assert.deepEqual(await footprint(customer.user), after)
  })

  test('the coupon is part of the request: another coupon or none with the key is a reuse', async ({
    client,
    assert,
  }) => {
    const { customer, standard } = await twoShopCart()
    const coupon = await CouponFactory.merge({ usageLimit: 5 }).create()
    const other = await CouponFactory.merge({ usageLimit: 5 }).create()
    const body = orderFields(customer, standard, { couponCode: coupon.code })
    const first = await postAs(client, PLACE, customer, body)
    first.assertStatus(201)
    const after = await footprint(customer.user)
    for (const couponCode of [other.code, null, '']) {
      const response = await postAs(client, PLACE, customer, { ...body, couponCode })
      expectProblem(assert, response, 422, 'IDEMPOTENCY_KEY_REUSED')
    }
    assert.deepEqual(await footprint(customer.user), after)
  })

  test('a blank coupon is no coupon: without one, the same key replays', async ({
    client,
    assert,
  }) => {
    const { customer, standard } = await twoShopCart()
    const body = orderFields(customer, standard)
    const first = await postAs(client, PLACE, customer, { ...body, couponCode: '   ' })
    first.assertStatus(201)
    for (const couponCode of [undefined, null, '']) {
      const replay = await postAs(client, PLACE, customer, { ...body, couponCode })
      replay.assertStatus(201)
      assert.equal(replay.header('idempotent-replayed'), 'true')
      assert.deepEqual(replay.body(), first.body())
    }
  })

  test('keys belong to their customer: two customers may use the same key', async ({
    client,
    assert,
  }) => {
    const key = newKey()
    const one = await twoShopCart()
    const two = await twoShopCart()
    for (const { customer, standard } of [one, two]) {
      const response = await postAs(client, PLACE, customer, {
        shippingAddressId: customer.address.id,
        shippingMethodId: standard.id,
        paymentMethod: 'PAYPAL',
        idempotencyKey: key,
      })
      response.assertStatus(201)
      assert.isUndefined(response.header('idempotent-replayed'))
    }
    assert.lengthOf(await db.from('idempotency_keys').where('key', key), 2)
    for (const { customer } of [one, two]) {
      assert.lengthOf(await db.from('orders').where('user_id', customer.user.id), 2)
    }
  })

  test('a key still in progress is a 409; once stale, it is taken over', async ({
    client,
    assert,
  }) => {
    const { customer, standard } = await twoShopCart()
    const key = newKey()
    const body = {
      shippingAddressId: customer.address.id,
      shippingMethodId: standard.id,
      paymentMethod: 'PAYPAL',
      idempotencyKey: key,
    }
    const first = await postAs(client, PLACE, customer, body)
    first.assertStatus(201)
    const { fingerprint } = await db.from('idempotency_keys').where('key', key).firstOrFail()

    // Another request, same body, holding its claim (as if still running on another instance).
    const busyKey = newKey()
    const now = DateTime.now()
    const stamp = (instant: DateTime) => instant.toFormat(db.connection().dialect.dateTimeFormat)
    await db.table('idempotency_keys').insert({
      id: randomUUID(),
      user_id: customer.user.id,
      key: busyKey,
      fingerprint,
      status: 'IN_PROGRESS',
      claim_token: randomUUID(),
      claimed_at: stamp(now),
      created_at: stamp(now),
      updated_at: stamp(now),
    })
    const extra = await product(first.body()[0].shopId, 100)
    await fillCart(customer.user, [[extra, 1]])
    const busy = await postAs(client, PLACE, customer, { ...body, idempotencyKey: busyKey })
    expectProblem(assert, busy, 409, 'IDEMPOTENCY_IN_PROGRESS')
    assert.lengthOf(await db.from('cart_items').where('user_id', customer.user.id), 1)

    // Its instance died: past the stale limit the claim is taken over and the order placed.
    await db
      .from('idempotency_keys')
      .where('key', busyKey)
      .update({ claimed_at: stamp(now.minus({ seconds: STALE_CLAIM_SECONDS + 5 })) })
    const takenOver = await postAs(client, PLACE, customer, { ...body, idempotencyKey: busyKey })
    takenOver.assertStatus(201)
    assert.lengthOf(takenOver.body(), 1)
    const row = await db.from('idempotency_keys').where('key', busyKey).firstOrFail()
    assert.equal(row.status, 'COMPLETED')
  })
})
