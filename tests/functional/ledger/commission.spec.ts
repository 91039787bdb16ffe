/*
| Commission rates and the money of an order (docs/api/ledger.md): an admin sets a shop's rate
| (role matrix, refused input, unknown shop, audit), the rate in force and the coupon's funding
| are frozen on each order at placement, and the money is shown to the order's seller and admins,
| never to its customer.
*/
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { UserType } from '#enums/user_type'
import { CouponFactory } from '#database/factories/coupon_factory'
import { actor } from '#tests/helpers/actors'
import { expectProblem } from '#tests/helpers/responses'
import { allBut, expectRoleMatrix } from '#tests/helpers/role_matrix'
import { eachInTransaction } from '#tests/helpers/transactions'
import { twoShopCart } from '#tests/functional/checkout/support'
import { placeThroughService } from '#tests/functional/orders/support'
import { orderMoneyRow } from '#tests/functional/ledger/support'

const UNKNOWN_ID = '7c9e6679-7425-40de-944b-e07fc1f90ae7'
const commissionUrl = (shopId: string) => `/api/v1/admin/shops/${shopId}/commission`
const MONEY_FIELDS = [
  'commissionRate',
  'couponFundedBy',
  'commission',
  'sellerEarning',
  'marketplaceTake',
]

test.group('Commission rate of a shop', (group) => {
  eachInTransaction(group)

  test('no token is 401; only admins read or set it', async ({ client, assert }) => {
    const { first } = await twoShopCart()
    await expectRoleMatrix(
      assert,
      [
        () => client.get(commissionUrl(first.shop.id)),
        () => client.put(commissionUrl(first.shop.id)).json({ rate: 5 }),
      ],
      { refused: allBut(UserType.ADMIN, UserType.SUPER_ADMIN) }
    )
    const row = await db.from('shops').where('id', first.shop.id).firstOrFail()
    assert.isNull(row.commission_rate)
  })

  test('refuses rates outside 0..100, with more than two decimals, or not numbers', async ({
    client,
    assert,
  }) => {
    const { first } = await twoShopCart()
    const admin = await actor(UserType.ADMIN)
    for (const rate of [-0.01, 100.01, 12.345, '10', true, undefined]) {
      const response = await client
        .put(commissionUrl(first.shop.id))
        .header('Authorization', admin.authorization)
        .json(rate === undefined ? {} : { rate })
      const body = expectProblem(assert, response, 400, 'VALIDATION_FAILED')
      assert.deepEqual(
        body.errors?.map((error) => error.field),
        ['rate']
      )
    }
    const row = await db.from('shops').where('id', first.shop.id).firstOrFail()
    assert.isNull(row.commission_rate)
    const audit = await db.from('admin_actions').where('target_id', first.shop.id)
    assert.lengthOf(audit, 0)
  })

  test('an unknown shop is a 404', async ({ client, assert }) => {
    const admin = await actor(UserType.ADMIN)
    const set = await client
      .put(commissionUrl(UNKNOWN_ID))
      .header('Authorization', admin.authorization)
      .json({ rate: 5 })
    expectProblem(assert, set, 404, 'SHOP_NOT_FOUND')
    const read = await client
      .get(commissionUrl(UNKNOWN_ID))
      .header('Authorization', admin.authorization)
    expectProblem(assert, read, 404, 'SHOP_NOT_FOUND')
  })

  test('an admin sets a rate with two decimals, then back to the default; both audited', async ({
    client,
    assert,
  }) => {
    const { first } = await twoShopCart()
    const admin = await actor(UserType.ADMIN)
    const before = await client
      .get(commissionUrl(first.shop.id))
      .header('Authorization', admin.authorization)
    before.assertStatus(200)
    assert.deepEqual(before.body(), { shopId: first.shop.id, rate: 10, isDefault: true })

    const set = await client
      .put(commissionUrl(first.shop.id))
      .header('Authorization', admin.authorization)
      .json({ rate: 12.75 })
    set.assertStatus(200)
    assert.deepEqual(set.body(), { shopId: first.shop.id, rate: 12.75, isDefault: false })
    const row = await db.from('shops').where('id', first.shop.id).firstOrFail()
    assert.equal(Number(row.commission_rate), 1275)

    const again = await client
      .put(commissionUrl(first.shop.id))
      .header('Authorization', admin.authorization)
      .json({ rate: 12.75 })
    again.assertStatus(200)

    const reset = await client
      .put(commissionUrl(first.shop.id))
      .header('Authorization', admin.authorization)
      .json({ rate: null })
    assert.deepEqual(reset.body(), { shopId: first.shop.id, rate: 10, isDefault: true })

    const audit = await db
      .from('admin_actions')
      .where('target_id', first.shop.id)
      .where('action', 'shop.commission_changed')
      .orderBy('created_at')
    assert.lengthOf(audit, 2, 'setting the same rate again records nothing')
    const changes = audit.map((entry) =>
      typeof entry.changes === 'string' ? JSON.parse(entry.changes) : entry.changes
    )
    assert.deepEqual(changes[0], {
      before: { commissionRate: null },
      after: { commissionRate: 1275 },
    })
    assert.equal(audit[0].actor_id, admin.user.id)
  })
})

test.group('The money of an order', (group) => {
  eachInTransaction(group)

  test('the rate in force and the coupon funding are frozen at placement', async ({
    client,
    assert,
  }) => {
    const cart = await twoShopCart()
    const admin = await actor(UserType.ADMIN)
    await client
      .put(commissionUrl(cart.first.shop.id))
      .header('Authorization', admin.authorization)
      .json({ rate: 12.5 })
      .then((response) => response.assertStatus(200))
    const coupon = await CouponFactory.merge({ discountValue: 1000, fundedBy: 'SELLERS' }).create()
    const { orders } = await placeThroughService(cart.customer.user, cart.customer, cart.standard, {
      paymentMethod: 'BANK_TRANSFER',
      couponCode: coupon.code,
    })
    // Shop A: 25.50, its share of 10.00 off is 5.40 (largest remainder of 5.3968 / 4.6032),
    // shipping 5.00, no tax. Funded by the sellers: base 20.10, 12.5 % = 2.5125 → 2.51;
    // earning 20.10 + 5.00 − 2.51 = 22.59; total 25.10; take 2.51.
    assert.deepEqual(await orderMoneyRow(orders[0].id), {
      commissionRate: 1250,
      couponFundedBy: 'SELLERS',
      commission: 251,
      sellerEarning: 2259,
      marketplaceTake: 251,
      total: 2510,
      paid: 0,
      refunded: 0,
    })
    // Shop B follows the default, 10 %: 21.75 − 4.60 = 17.15 → 1.715 → 1.72.
    assert.deepEqual(await orderMoneyRow(orders[1].id), {
      commissionRate: 1000,
      couponFundedBy: 'SELLERS',
      commission: 172,
      sellerEarning: 1715 + 500 - 172,
      marketplaceTake: 172,
      total: 2175 + 500 - 460,
      paid: 0,
      refunded: 0,
    })

    // A later change of the rate leaves the orders placed as they are.
    await client
      .put(commissionUrl(cart.first.shop.id))
      .header('Authorization', admin.authorization)
      .json({ rate: 50 })
      .then((response) => response.assertStatus(200))
    const frozen = await orderMoneyRow(orders[0].id)
    assert.equal(frozen.commission, 251)
  })

  test('a marketplace-funded coupon can leave the marketplace a negative take', async ({
    assert,
  }) => {
    const cart = await twoShopCart()
    const coupon = await CouponFactory.merge({ discountValue: 1000 }).create()
    const { orders } = await placeThroughService(cart.customer.user, cart.customer, cart.standard, {
      paymentMethod: 'BANK_TRANSFER',
      couponCode: coupon.code,
    })
    // 10 % of 25.50 = 2.55; earning 25.50 + 5.00 − 2.55 = 27.95; total 25.10; take −2.85.
    assert.deepEqual(await orderMoneyRow(orders[0].id), {
      commissionRate: 1000,
      couponFundedBy: 'MARKETPLACE',
      commission: 255,
      sellerEarning: 2795,
      marketplaceTake: -285,
      total: 2510,
      paid: 0,
      refunded: 0,
    })
  })

  test('the seller and admins see the money; the customer never does', async ({
    client,
    assert,
  }) => {
    const cart = await twoShopCart()
    const { orders } = await placeThroughService(cart.customer.user, cart.customer, cart.standard, {
      paymentMethod: 'BANK_TRANSFER',
    })
    const order = orders[0]
    const admin = await actor(UserType.ADMIN)
    const forSeller = await client
      .get(`/api/v1/seller/orders/${order.id}`)
      .header('Authorization', cart.first.authorization)
    forSeller.assertStatus(200)
    assert.deepInclude(forSeller.body(), {
      commissionRate: 10,
      couponFundedBy: 'MARKETPLACE',
      commission: 2.55,
      sellerEarning: 27.95,
      marketplaceTake: 2.55,
    })
    const sellerList = await client
      .get('/api/v1/seller/orders')
      .header('Authorization', cart.first.authorization)
    assert.equal(sellerList.body().items[0].sellerEarning, 27.95)
    const forAdmin = await client
      .get(`/api/v1/admin/orders/${order.id}`)
      .header('Authorization', admin.authorization)
    assert.equal(forAdmin.body().marketplaceTake, 2.55)
    const adminList = await client
      .get('/api/v1/admin/orders')
      .header('Authorization', admin.authorization)
    assert.property(adminList.body().items[0], 'commission')

    const customerReads = [
      await client
        .get(`/api/v1/orders/${order.id}`)
        .header('Authorization', cart.customer.authorization),
      await client.get('/api/v1/orders').header('Authorization', cart.customer.authorization),
    ]
    for (const response of customerReads) {
      response.assertStatus(200)
      const text = JSON.stringify(response.body())
      for (const name of MONEY_FIELDS) assert.notInclude(text, `"${name}"`)
    }
    const cancelled = await client
      .post(`/api/v1/orders/${order.id}/cancel`)
      .header('Authorization', cart.customer.authorization)
    cancelled.assertStatus(200)
    for (const name of MONEY_FIELDS) assert.notProperty(cancelled.body(), name)
  })
})

test.group('Coupon funding', (group) => {
  eachInTransaction(group)

  test('admins create and change coupons funded by the sellers; MARKETPLACE by default', async ({
    client,
    assert,
  }) => {
    const admin = await actor(UserType.ADMIN)
    const base = {
      discountType: 'FIXED',
      discountValue: 5,
      startDate: '2026-01-01T00:00:00',
      endDate: '2030-01-01T00:00:00',
    }
    const plain = await client
      .post('/api/v1/admin/coupons')
      .header('Authorization', admin.authorization)
      .json({ ...base, code: 'FUNDED-DEFAULT' })
    plain.assertStatus(201)
    assert.equal(plain.body().fundedBy, 'MARKETPLACE')

    const sellers = await client
      .post('/api/v1/admin/coupons')
      .header('Authorization', admin.authorization)
      .json({ ...base, code: 'FUNDED-SELLERS', fundedBy: 'SELLERS' })
    sellers.assertStatus(201)
    assert.equal(sellers.body().fundedBy, 'SELLERS')

    const refused = await client
      .post('/api/v1/admin/coupons')
      .header('Authorization', admin.authorization)
      .json({ ...base, code: 'FUNDED-WRONG', fundedBy: 'CUSTOMERS' })
    const body = expectProblem(assert, refused, 400, 'VALIDATION_FAILED')
    assert.deepEqual(
      body.errors?.map((error) => error.field),
      ['fundedBy']
    )
    assert.isNull(await db.from('coupons').where('code', 'FUNDED-WRONG').first())

    const changed = await client
      .put(`/api/v1/admin/coupons/${plain.body().id}`)
      .header('Authorization', admin.authorization)
      .json({ fundedBy: 'SELLERS' })
    changed.assertStatus(200)
    assert.equal(changed.body().fundedBy, 'SELLERS')
    const row = await db.from('coupons').where('id', plain.body().id).firstOrFail()
    assert.equal(row.funded_by, 'SELLERS')
    const customer = await actor(UserType.CUSTOMER)
    const lookup = await client
      .get('/api/v1/coupons/funded-sellers')
      .header('Authorization', customer.authorization)
    lookup.assertStatus(200)
    assert.notProperty(lookup.body(), 'fundedBy', 'who bears a discount is not the customer’s')

    const nulled = await client
      .put(`/api/v1/admin/coupons/${plain.body().id}`)
      .header('Authorization', admin.authorization)
      .json({ fundedBy: null })
    expectProblem(assert, nulled, 400, 'VALIDATION_FAILED')
  })
})
