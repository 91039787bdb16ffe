/*
| Ids in request bodies are UUIDs, which are case-insensitive: an upper-case id finds the same row
| on SQLite (text ids) as on PostgreSQL (uuid type).
*/
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import PolicyConsent from '#models/policy_consent'
import { PolicyFactory } from '#database/factories/policy_factory'
import { UserType } from '#enums/user_type'
import { actor } from '#tests/helpers/actors'
import { expectEnvelope } from '#tests/helpers/responses'
import { product, seededMethod, sellerShop, shopper } from '#tests/functional/checkout/support'
import { eachInTransaction } from '#tests/helpers/transactions'

test.group('Upper-case ids in request bodies', (group) => {
  eachInTransaction(group)

  test('add to cart and place an order with upper-case ids', async ({ client, assert }) => {
    const customer = await shopper()
    const seller = await sellerShop()
    const mug = await product(seller.shop.id, 1250, { stock: 5 })
    const standard = await seededMethod('Standard')

    const added = await client
      .post('/api/v1/cart/items')
      .header('Authorization', customer.authorization)
      .json({ productId: mug.id.toUpperCase(), quantity: 2 })
    added.assertStatus(200)
    assert.deepEqual(
      added.body().items.map((line: { productId: string }) => line.productId),
      [mug.id]
    )

    const placed = await client
      .post('/api/v1/checkout/place-order')
      .header('Authorization', customer.authorization)
      .json({
        shippingAddressId: ` ${customer.address.id.toUpperCase()} `,
        shippingMethodId: standard.id.toUpperCase(),
        paymentMethod: 'CREDIT_CARD',
        idempotencyKey: 'upper-case-ids-0001',
      })
    placed.assertStatus(201)
    const [order] = await db.from('orders').where('user_id', customer.user.id)
    assert.equal(order.shipping_method_id, standard.id)
    const [stock] = await db.from('product_variants').where('id', mug.id).select('stock')
    assert.equal(Number(stock.stock), 3)
  })

  test('consent to a policy named by its upper-case id', async ({ client, assert }) => {
    const policy = await PolicyFactory.create()
    const { user, authorization } = await actor(UserType.CUSTOMER)
    const response = await client
      .post('/policy-consent')
      .header('Authorization', authorization)
      .json({ policyId: policy.id.toUpperCase() })
    expectEnvelope(assert, response, 201)
    const consents = await PolicyConsent.query().where('user_id', user.id)
    assert.deepEqual(
      consents.map((consent) => consent.policyId),
      [policy.id]
    )
  })
})
