import { randomUUID } from 'node:crypto'
import app from '@adonisjs/core/services/app'
import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { ShippingMethodFactory } from '#database/factories/shipping_method_factory'
import { TaxRateFactory } from '#database/factories/tax_rate_factory'
import { nearStaticCache } from '#services/checkout/near_static_cache'
import { ShippingMethodService } from '#services/checkout/shipping_method_service'
import { TaxRateService } from '#services/checkout/tax_rate_service'
import { fillCart, product, sellerShop, shopper } from '#tests/functional/checkout/support'

const SUMMARY = '/api/v1/checkout/summary'
const PLACE = '/api/v1/checkout/place-order'

/**
 * The cache of shipping methods and tax rates as it runs in production (the suite turns it off,
 * .env.test): what a summary may show from it, and that a placement never charges from it. Rows
 * written with SQL here stand for writes made by another instance of the service.
 */
test.group('Shipping methods and tax rates cached per process', (group) => {
  group.each.setup(async () => {
    const lifetime = nearStaticCache.ttlMs
    nearStaticCache.invalidate()
    nearStaticCache.ttlMs = 60_000
    const rollback = await testUtils.db().withGlobalTransaction()
    return async () => {
      await rollback()
      nearStaticCache.ttlMs = lifetime
      nearStaticCache.invalidate()
    }
  })

  /** A one-line cart of 10.00 shipped to California by a 5.00 method taxed at 10 %. */
  async function cart(client: ApiClient) {
    const customer = await shopper({ country: 'US', state: 'CA' })
    const { shop } = await sellerShop()
    await fillCart(customer.user, [[await product(shop.id, 1000), 1]])
    const method = await ShippingMethodFactory.merge({ priceCents: 500 }).create()
    const rate = await TaxRateFactory.merge({ country: 'US', region: 'CA', rate: 10_000 }).create()
    const request = { shippingAddressId: customer.address.id, shippingMethodId: method.id }
    const summary = async () => {
      const response = await client
        .post(SUMMARY)
        .header('Authorization', customer.authorization)
        .json(request)
      response.assertStatus(200)
      return response.body()
    }
    return { customer, method, rate, request, summary }
  }

  test('a change made elsewhere is charged by the next placement at once', async ({
    client,
    assert,
  }) => {
    const { customer, method, rate, request, summary } = await cart(client)
    const before = await summary()
    assert.include(before, { shippingCost: 5, taxAmount: 1, total: 16 })

    await db.from('shipping_methods').where('id', method.id).update({ price_cents: 900 })
    await db.from('tax_rates').where('id', rate.id).update({ rate: 20_000 })

    // Within the cache's lifetime the summary may still show the old prices ...
    assert.include(await summary(), { shippingCost: 5, taxAmount: 1, total: 16 })
    // ... but the placement reads what it charges inside its own transaction.
    const placed = await client
      .post(PLACE)
      .header('Authorization', customer.authorization)
      .json({ ...request, paymentMethod: 'PAYPAL', idempotencyKey: `cache-${randomUUID()}` })
    placed.assertStatus(201)
    assert.include(placed.body()[0], { shippingCost: 9, taxAmount: 2, total: 21 })
    const [order] = await db.from('orders').where('user_id', customer.user.id)
    assert.equal(Number(order.shipping_cost_cents), 900)
  })

  test('a change through the services is seen by the next summary', async ({ client, assert }) => {
    const { method, rate, summary } = await cart(client)
    assert.include(await summary(), { shippingCost: 5, taxAmount: 1, total: 16 })

    const methods = await app.container.make(ShippingMethodService)
    await methods.update(null, method.id, { priceCents: 900 })
    assert.include(await summary(), { shippingCost: 9, taxAmount: 1, total: 20 })

    const rates = await app.container.make(TaxRateService)
    await rates.update(null, rate.id, { rate: 20_000 })
    assert.include(await summary(), { shippingCost: 9, taxAmount: 2, total: 21 })
  })

  test('a method deactivated elsewhere is refused by the placement at once', async ({
    client,
    assert,
  }) => {
    const { customer, method, request, summary } = await cart(client)
    await summary()
    await db.from('shipping_methods').where('id', method.id).update({ is_active: false })

    const placed = await client
      .post(PLACE)
      .header('Authorization', customer.authorization)
      .json({ ...request, paymentMethod: 'PAYPAL', idempotencyKey: `cache-${randomUUID()}` })
    placed.assertStatus(404)
    assert.equal(placed.body().code, 'SHIPPING_METHOD_NOT_FOUND')
  })
})
