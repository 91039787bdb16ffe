/*
| How many SQL round trips an authenticated request, an add to the cart, a price summary and a
| placement cost,
| pinned per database, so that a change which adds one fails here rather than in production. The
| pins are today's counts: lower them when the code gets cheaper (docs/performance.md has the
| measurements). These tests commit for real (transactions and savepoints count as round trips,
| and a test transaction would turn them into other statements), so they clean up the rows they
| create.
*/
import { randomUUID } from 'node:crypto'
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import app from '@adonisjs/core/services/app'
import { makeUser } from '#tests/helpers/actors'
import { UserType } from '#enums/user_type'
import { actorOf } from '#support/actor'
import { WebhookEndpointService } from '#services/integrations/webhook_endpoint_service'
import { TokenService } from '#services/accounts/token_service'
import { nearStaticCache } from '#services/checkout/near_static_cache'
import { SqlRoundTrips } from '#support/sql_round_trips'
import { CouponFactory } from '#database/factories/coupon_factory'
import {
  cleanUp,
  fillCart,
  product,
  seededMethod,
  sellerShop,
  shopper,
} from '#tests/functional/checkout/support'

/** Round trips per request, by database dialect. */
const PINNED: Record<
  string,
  { authenticatedRead: number; addItem: number; summary: number; placeOrder: number }
> = {
  postgres: { authenticatedRead: 2, addItem: 6, summary: 2, placeOrder: 11 },
  // No row lock to serialise a customer's adds: SQLite runs one writer at a time. The placement's
  // payment row is one more statement there (PostgreSQL sends it in the batch of the items).
  sqlite: { authenticatedRead: 2, addItem: 5, summary: 2, placeOrder: 16 },
}

test.group('SQL round trips', (group) => {
  let userIds: string[] = []
  let couponIds: string[] = []
  let roundTrips: SqlRoundTrips
  group.each.setup(() => {
    userIds = []
    couponIds = []
    roundTrips = new SqlRoundTrips().start()
    return async () => {
      roundTrips.stop()
      await db.from('refresh_tokens').whereIn('user_id', userIds).delete()
      await cleanUp(userIds, couponIds)
    }
  })

  /** A customer signed in as a login signs in (a refresh-token family), with one line in the cart. */
  async function customerWithCart() {
    const seller = await sellerShop()
    const customer = await shopper()
    userIds.push(seller.user.id, customer.user.id)
    const mug = await product(seller.shop.id, 1200, { stock: 50 })
    await fillCart(customer.user, [[mug, 2]])
    const { accessToken } = await new TokenService().issue(customer.user)
    return { customer, authorization: `Bearer ${accessToken}` }
  }

  const pinned = () => PINNED[db.connection().dialect.name === 'postgres' ? 'postgres' : 'sqlite']

  test('an authenticated read of the cart', async ({ client, assert }) => {
    const { authorization } = await customerWithCart()
    roundTrips.record()
    const response = await client.get('/api/v1/cart').header('Authorization', authorization)
    const statements = roundTrips.recorded()

    response.assertStatus(200)
    assert.lengthOf(response.body().items, 1)
    assert.equal(
      statements.length,
      pinned().authenticatedRead,
      statements.map((statement) => statement.sql).join('\n')
    )
  })

  test('an add to the cart of a product already in it and of a new one', async ({
    client,
    assert,
  }) => {
    const { customer, authorization } = await customerWithCart()
    const [line] = await db.from('cart_items').where('user_id', customer.user.id)
    const seller = await sellerShop()
    userIds.push(seller.user.id)
    const plate = await product(seller.shop.id, 800, { stock: 5 })

    for (const [productId, units] of [
      [line.product_id, 3],
      [plate.id, 2],
    ] as const) {
      roundTrips.record()
      const response = await client
        .post('/api/v1/cart/items')
        .header('Authorization', authorization)
        .json({ productId, quantity: units })
      const statements = roundTrips.recorded()

      response.assertStatus(200)
      assert.equal(
        statements.length,
        pinned().addItem,
        statements.map((statement) => statement.sql).join('\n')
      )
    }
    const lines = await db
      .from('cart_items')
      .where('user_id', customer.user.id)
      .orderBy('created_at', 'asc')
    assert.deepEqual(
      lines.map((row) => Number(row.quantity)),
      [5, 2]
    )
  })

  test('a summary reads the address, the cart and the coupon in one statement', async ({
    client,
    assert,
  }) => {
    const { customer, authorization } = await customerWithCart()
    const standard = await seededMethod('Standard')
    const coupon = await CouponFactory.merge({ discountValue: 500 }).create()
    couponIds.push(coupon.id)
    const summary = () =>
      client.post('/api/v1/checkout/summary').header('Authorization', authorization).json({
        shippingAddressId: customer.address.id,
        shippingMethodId: standard.id,
        couponCode: coupon.code.toLowerCase(),
      })
    // As in production, the method and the tax rate come from the process's cache, which the
    // test set-up turns off; the first summary fills it.
    const lifetime = nearStaticCache.ttlMs
    nearStaticCache.ttlMs = 60_000
    nearStaticCache.invalidate()
    const { response, statements } = await (async () => {
      try {
        const first = await summary()
        first.assertStatus(200)
        roundTrips.record()
        const measured = await summary()
        return { response: measured, statements: roundTrips.recorded() }
      } finally {
        nearStaticCache.ttlMs = lifetime
        nearStaticCache.invalidate()
      }
    })()

    response.assertStatus(200)
    assert.equal(response.body().subTotal, 24)
    assert.equal(response.body().discountAmount, 5)
    assert.equal(
      statements.length,
      pinned().summary,
      statements.map((statement) => statement.sql).join('\n')
    )
  })

  test('a placement of a one-line cart', async ({ client, assert }) => {
    const { customer, authorization } = await customerWithCart()
    const standard = await seededMethod('Standard')
    roundTrips.record()
    const response = await client
      .post('/api/v1/checkout/place-order')
      .header('Authorization', authorization)
      .json({
        shippingAddressId: customer.address.id,
        shippingMethodId: standard.id,
        paymentMethod: 'PAYPAL',
        idempotencyKey: `round-trips-${randomUUID()}`,
      })
    const statements = roundTrips.recorded()

    response.assertStatus(201)
    assert.lengthOf(response.body(), 1)
    const placed = await db.from('orders').where('user_id', customer.user.id).count('* as total')
    assert.equal(Number(placed[0].total), 1)
    assert.equal(
      statements.length,
      pinned().placeOrder,
      statements.map((statement) => statement.sql).join('\n')
    )
    // The hot variant's row is locked by the stock update for the last 2 round trips only.
    assert.match(
      statements.at(-2)!.sql,
      /^update ["`]product_variants["`] set ["`]stock["`] = stock - /
    )
    assert.match(statements.at(-1)!.sql, /^commit/i)
  })

  test('a placement with three subscribed webhook endpoints costs no more', async ({
    client,
    assert,
    cleanup,
  }) => {
    const admin = await makeUser(UserType.ADMIN)
    userIds.push(admin.id)
    const endpoints = await app.container.make(WebhookEndpointService)
    for (const port of [9, 10, 11]) {
      await endpoints.create(actorOf(admin), {
        url: `http://127.0.0.1:${port}/hooks`,
        events: ['order.placed'],
      })
    }
    cleanup(async () => {
      await db.from('webhook_endpoints').where('created_by', admin.id).delete()
      await db.from('admin_actions').where('actor_id', admin.id).delete()
    })
    const { customer, authorization } = await customerWithCart()
    const standard = await seededMethod('Standard')
    roundTrips.record()
    const response = await client
      .post('/api/v1/checkout/place-order')
      .header('Authorization', authorization)
      .json({
        shippingAddressId: customer.address.id,
        shippingMethodId: standard.id,
        paymentMethod: 'PAYPAL',
        idempotencyKey: `round-trips-${randomUUID()}`,
      })
    const statements = roundTrips.recorded()
    response.assertStatus(201)
    // The event rides in the placement's outbox insert; the worker fans it out to the endpoints.
    assert.equal(
      statements.length,
      pinned().placeOrder,
      statements.map((statement) => statement.sql).join('\n')
    )
    const events = await db
      .from('outbox_messages')
      .where('kind', 'webhook_event')
      .whereLike('payload', `%${response.body()[0].id}%`)
    assert.lengthOf(events, 1)
  })
})
