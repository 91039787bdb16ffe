import app from '@adonisjs/core/services/app'
import { test } from '@japa/runner'
import { allBut, expectRoleMatrix } from '#tests/helpers/role_matrix'
import db from '@adonisjs/lucid/services/db'
import { expectProblem } from '#tests/helpers/responses'
import { UserType } from '#enums/user_type'
import { ShopStatus } from '#enums/shop_status'
import { CouponFactory } from '#database/factories/coupon_factory'
import { ShippingMethodFactory } from '#database/factories/shipping_method_factory'
import { TaxRateFactory } from '#database/factories/tax_rate_factory'
import { ShippingMethodService } from '#services/checkout/shipping_method_service'
import Product from '#models/product'
import ProductVariant from '#models/product_variant'
import Shop from '#models/shop'
import {
  fillCart,
  postAs,
  product,
  seededMethod,
  sellerShop,
  shopper,
  twoShopCart,
  requestSummary,
} from '#tests/functional/checkout/support'
import { eachInTransaction } from '#tests/helpers/transactions'

const SUMMARY = '/api/v1/checkout/summary'
const UNKNOWN_ID = '7c9e6679-7425-40de-944b-e07fc1f90ae7'

const fieldsOf = (body: { errors?: Array<{ field: string }> }) =>
  (body.errors ?? []).map((error) => error.field).sort()

/** A customer with one line in the cart and what a summary of it needs. */
async function oneLineCart(priceCents = 1000, quantity = 1) {
  const customer = await shopper()
  const { shop } = await sellerShop()
  const item = await product(shop.id, priceCents)
  await fillCart(customer.user, [[item, quantity]])
  const standard = await seededMethod('Standard')
  return { customer, shop, item, standard }
}

test.group('POST /api/v1/checkout/summary: who may call and what it takes', (group) => {
  eachInTransaction(group)

  test('needs a customer token', async ({ client, assert }) => {
    const body = { shippingAddressId: UNKNOWN_ID, shippingMethodId: UNKNOWN_ID }
    await expectRoleMatrix(assert, [() => client.post(SUMMARY).json(body)], {
      refused: allBut(UserType.CUSTOMER),
    })
  })

  test('refuses missing or malformed fields', async ({ client, assert }) => {
    const { authorization } = await shopper()
    const missing = await client.post(SUMMARY).header('Authorization', authorization).json({})
    assert.deepEqual(fieldsOf(expectProblem(assert, missing, 400, 'VALIDATION_FAILED')), [
      'shippingAddressId',
      'shippingMethodId',
    ])
    const malformed = await client
      .post(SUMMARY)
      .header('Authorization', authorization)
      .json({ shippingAddressId: 'nope', shippingMethodId: 42, couponCode: 'C'.repeat(65) })
    assert.deepEqual(fieldsOf(expectProblem(assert, malformed, 400, 'VALIDATION_FAILED')), [
      'couponCode',
      'shippingAddressId',
      'shippingMethodId',
    ])
  })

  test("an unknown or another customer's address is a 404", async ({ client, assert }) => {
    const { customer, standard } = await oneLineCart()
    const other = await shopper()
    for (const shippingAddressId of [UNKNOWN_ID, other.address.id]) {
      const response = await postAs(client, SUMMARY, customer, {
        shippingAddressId,
        shippingMethodId: standard.id,
      })
      expectProblem(assert, response, 404, 'SHIPPING_ADDRESS_NOT_FOUND')
    }
  })

  test('an unknown, inactive or deleted shipping method is a 404', async ({ client, assert }) => {
    const { customer } = await oneLineCart()
    const inactive = await ShippingMethodFactory.apply('inactive').create()
    const deleted = await ShippingMethodFactory.create()
    const shippingMethod = await app.container.make(ShippingMethodService)
    await shippingMethod.delete(null, deleted.id)
    for (const shippingMethodId of [UNKNOWN_ID, inactive.id, deleted.id]) {
      const response = await postAs(client, SUMMARY, customer, {
        shippingAddressId: customer.address.id,
        shippingMethodId,
      })
      expectProblem(assert, response, 404, 'SHIPPING_METHOD_NOT_FOUND')
    }
  })
})

test.group('POST /api/v1/checkout/summary: refusals', (group) => {
  eachInTransaction(group)

  test('an empty cart is a 422 EMPTY_CART', async ({ client, assert }) => {
    const customer = await shopper()
    const standard = await seededMethod('Standard')
    const response = await postAs(client, SUMMARY, customer, {
      shippingAddressId: customer.address.id,
      shippingMethodId: standard.id,
    })
    expectProblem(assert, response, 422, 'EMPTY_CART')
  })

  test('a product no longer on sale is a 409 PRODUCT_UNAVAILABLE: {$self}')
    .with(['deactivated', 'deleted', 'shop suspended'] as const)
    .run(async ({ client, assert }, change) => {
      const { customer, shop, item, standard } = await oneLineCart()
      if (change === 'deactivated')
        await Product.query().where('id', item.id).update({ isActive: false })
      if (change === 'deleted') await item.merge({ deletedAt: item.createdAt }).save()
      if (change === 'shop suspended') {
        await Shop.query().where('id', shop.id).update({ status: ShopStatus.SUSPENDED })
      }
      const response = await postAs(client, SUMMARY, customer, {
        shippingAddressId: customer.address.id,
        shippingMethodId: standard.id,
      })
      const problem = expectProblem(assert, response, 409, 'PRODUCT_UNAVAILABLE')
      assert.include(problem.detail, item.name)
    })

  test('a line above the stock is a 422 INSUFFICIENT_STOCK', async ({ client, assert }) => {
    const { customer, item, standard } = await oneLineCart(1000, 3)
    await ProductVariant.query().where('id', item.id).update({ stock: 2 })
    const response = await postAs(client, SUMMARY, customer, {
      shippingAddressId: customer.address.id,
      shippingMethodId: standard.id,
    })
    const problem = expectProblem(assert, response, 422, 'INSUFFICIENT_STOCK')
    assert.include(problem.detail, 'Only 2')
  })

  test('a coupon that does not apply is a 422 with its reason: {$self}')
    .with([
      'COUPON_NOT_FOUND:unknown',
      'COUPON_NOT_FOUND:inactive',
      'COUPON_NOT_FOUND:deleted',
      'COUPON_NOT_STARTED:upcoming',
      'COUPON_EXPIRED:expired',
      'COUPON_USAGE_LIMIT_REACHED:usedUp',
      'COUPON_MIN_ORDER_NOT_MET:minimum',
    ])
    .run(async ({ client, assert }, entry) => {
      const [code, kind] = entry.split(':')
      const { customer, standard } = await oneLineCart(1000, 1)
      let couponCode = 'NO-SUCH-CODE'
      if (kind === 'minimum') {
        const coupon = await CouponFactory.merge({ minOrderAmount: 1001 }).create()
        couponCode = coupon.code
      } else if (kind !== 'unknown') {
        const state = kind as 'inactive' | 'deleted' | 'upcoming' | 'expired' | 'usedUp'
        const coupon = await CouponFactory.apply(state).create()
        couponCode = coupon.code
      }
      const response = await postAs(client, SUMMARY, customer, {
        shippingAddressId: customer.address.id,
        shippingMethodId: standard.id,
        couponCode,
      })
      expectProblem(assert, response, 422, code)
    })
})

test.group('POST /api/v1/checkout/summary: the price', (group) => {
  eachInTransaction(group)

  test('prices two shops with shipping per shop, tax by region and a split coupon', async ({
    client,
    assert,
  }) => {
    const { customer, first, second, standard } = await twoShopCart()
    await TaxRateFactory.merge({ country: 'US', region: '', rate: 5000 }).create()
    await TaxRateFactory.merge({ country: 'US', region: 'CA', rate: 8250 }).create()
    const coupon = await CouponFactory.merge({ code: 'TENOFF', discountValue: 1000 }).create()

    const response = await requestSummary(client, customer, standard, { couponCode: ' tenoff ' })

    response.assertStatus(200)
    // 25.50 + 21.75; 10.00 off split 5.40 / 4.60 (largest remainder); tax 8.25 % of 20.10 and
    // 17.15 = 1.65825 → 1.66 and 1.414875 → 1.41; shipping 5.00 per shop, untaxed.
    assert.deepEqual(response.body(), {
      subTotal: 47.25,
      shippingCost: 10,
      taxAmount: 3.07,
      discountAmount: 10,
      total: 50.32,
      itemCount: 6,
      currency: 'USD',
      couponCode: coupon.code,
      taxRate: 8.25,
      shippingMethod: { id: standard.id, name: 'Standard' },
      orders: [
        {
          shopId: first.shop.id,
          shopName: 'Alpha Goods',
          subTotal: 25.5,
          shippingCost: 5,
          taxAmount: 1.66,
          discountAmount: 5.4,
          total: 26.76,
          itemCount: 3,
        },
        {
          shopId: second.shop.id,
          shopName: 'Beta Supplies',
          subTotal: 21.75,
          shippingCost: 5,
          taxAmount: 1.41,
          discountAmount: 4.6,
          total: 23.56,
          itemCount: 3,
        },
      ],
    })
  })

  test('without a coupon or a tax rate: DEFAULT_TAX_RATE (0) and no discount', async ({
    client,
    assert,
  }) => {
    const { customer, standard } = await oneLineCart(1999, 2)
    const express = await seededMethod('Express')
    const response = await requestSummary(client, customer, express, { couponCode: '' })
    response.assertStatus(200)
    assert.containsSubset(response.body(), {
      subTotal: 39.98,
      shippingCost: 15,
      taxAmount: 0,
      discountAmount: 0,
      total: 54.98,
      itemCount: 2,
      couponCode: null,
      taxRate: 0,
    })
    assert.notEqual(standard.id, express.id)
  })

  test('a percentage coupon is capped and the cap is what gets split', async ({
    client,
    assert,
  }) => {
    const { customer, standard } = await twoShopCart()
    const coupon = await CouponFactory.merge({
      discountType: 'PERCENTAGE',
      discountValue: 5000,
      maxDiscountAmount: 999,
    }).create()
    const response = await requestSummary(client, customer, standard, { couponCode: coupon.code })
    response.assertStatus(200)
    const body = response.body()
    assert.equal(body.discountAmount, 9.99)
    assert.equal(
      Math.round(body.orders[0].discountAmount * 100) +
        Math.round(body.orders[1].discountAmount * 100),
      999
    )
  })

  test('changes nothing: no coupon use, no stock, cart kept, no order, no mail', async ({
    client,
    assert,
  }) => {
    const { customer, mug, standard } = await twoShopCart()
    const coupon = await CouponFactory.merge({ usageLimit: 1 }).create()
    for (let round = 0; round < 3; round++) {
      const response = await requestSummary(client, customer, standard, { couponCode: coupon.code })
      response.assertStatus(200)
    }
    const couponRow = await db.from('coupons').where('id', coupon.id).firstOrFail()
    assert.equal(Number(couponRow.usage_count), 0)
    const mugRow = await db.from('product_variants').where('id', mug.id).firstOrFail()
    assert.equal(Number(mugRow.stock), 100)
    assert.lengthOf(await db.from('cart_items').where('user_id', customer.user.id), 3)
    assert.lengthOf(await db.from('orders').where('user_id', customer.user.id), 0)
    const mails = await db.from('outbox_messages').whereLike('payload', `%${customer.user.email}%`)
    assert.lengthOf(mails, 0)
  })
})
