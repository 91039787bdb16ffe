import app from '@adonisjs/core/services/app'
import { test } from '@japa/runner'
import { allBut, expectRoleMatrix } from '#tests/helpers/role_matrix'
import db from '@adonisjs/lucid/services/db'
import { actor } from '#tests/helpers/actors'
import { expectProblem } from '#tests/helpers/responses'
import { UserType } from '#enums/user_type'
import { ShopStatus } from '#enums/shop_status'
import { CartService } from '#services/cart/cart_service'
import {
  minutesAgo,
  productOnSale,
  productsOffSale,
  stored,
} from '#tests/functional/catalog/support'
import { eachInTransaction } from '#tests/helpers/transactions'

const UNKNOWN_ID = '7c9e6679-7425-40de-944b-e07fc1f90ae7'

type Authorization = string

/** A signed-in customer and a product on sale (`options` as `productOnSale` takes them). */
async function customerAndProduct(options?: Parameters<typeof productOnSale>[0]) {
  const customer = await actor(UserType.CUSTOMER)
  const { product } = await productOnSale(options)
  return { ...customer, product }
}

/** Adds through the API, as the customer would. */
function add(client: any, authorization: Authorization, productId: string, quantity: number) {
  return client
    .post('/api/v1/cart/items')
    .header('Authorization', authorization)
    .json({ productId, quantity })
}

/** Sets the quantity of a line through the API, as the customer would. */
function setQuantity(
  client: any,
  authorization: Authorization,
  productId: string,
  quantity: unknown
) {
  return client
    .put(`/api/v1/cart/items/${productId}`)
    .header('Authorization', authorization)
    .json({ quantity })
}

/** Adds and expects the 200 with the cart. */
async function addOk(
  client: any,
  authorization: Authorization,
  productId: string,
  quantity: number
) {
  const response = await add(client, authorization, productId, quantity)
  response.assertStatus(200)
  return response
}

async function linesInDb(userId: string) {
  return db.from('cart_items').where('user_id', userId).orderBy('created_at')
}

/** The quantity of the customer's single line, as stored. */
async function storedQuantity(userId: string) {
  const [line] = await linesInDb(userId)
  return Number(line.quantity)
}

test.group('Cart: authentication and roles', (group) => {
  eachInTransaction(group)

  const routes = (productId: string) => [
    { method: 'get', url: '/api/v1/cart' },
    { method: 'delete', url: '/api/v1/cart' },
    { method: 'post', url: '/api/v1/cart/items', body: { productId, quantity: 1 } },
    { method: 'put', url: `/api/v1/cart/items/${productId}`, body: { quantity: 1 } },
    { method: 'delete', url: `/api/v1/cart/items/${productId}` },
  ]

  test('every route needs a token', async ({ client, assert }) => {
    const { product } = await productOnSale()
    for (const route of routes(product.id)) {
      const request = (client as any)[route.method](route.url)
      const response = await (route.body ? request.json(route.body) : request)
      expectProblem(assert, response, 401, 'UNAUTHORIZED')
    }
  })

  test('a seller or an admin cannot use a cart', async ({ client, assert }) => {
    const { product } = await productOnSale()
    const calls = routes(product.id).map((route) => () => {
      const request = (client as any)[route.method](route.url)
      return route.body ? request.json(route.body) : request
    })
    const refused = await expectRoleMatrix(assert, calls, {
      refused: allBut(UserType.CUSTOMER),
      anonymous: false,
    })
    for (const user of refused) assert.lengthOf(await linesInDb(user.id), 0)
  })
})

test.group('GET /api/v1/cart', (group) => {
  eachInTransaction(group)

  test('an empty cart', async ({ client, assert }) => {
    const { authorization } = await actor(UserType.CUSTOMER)
    const response = await client.get('/api/v1/cart').header('Authorization', authorization)
    response.assertStatus(200)
    assert.deepEqual(response.body(), { items: [], itemCount: 0, subTotal: 0 })
  })

  test('lines with current prices, totals as sums', async ({ client, assert }) => {
    const { user, authorization } = await actor(UserType.CUSTOMER)
    const { shop, product: mug } = await productOnSale({ priceCents: 1250, name: 'Mug' })
    const { product: pot } = await productOnSale({ priceCents: 333 })
    await addOk(client, authorization, mug.id, 2)
    await addOk(client, authorization, pot.id, 3)

    // The cart keeps no price: a new price shows at once.
    await db.from('product_variants').where('id', mug.id).update({ price_cents: 1300 })

    const response = await client.get('/api/v1/cart').header('Authorization', authorization)
    response.assertStatus(200)
    const cart = response.body()
    assert.deepEqual(cart.items[0], {
      productId: mug.id,
      variantId: mug.id,
      sku: mug.sku,
      optionValues: {},
      shopId: shop.id,
      shopName: shop.name,
      name: 'Mug',
      unitPrice: 13,
      quantity: 2,
      lineTotal: 26,
      stock: mug.stock,
      available: true,
    })
    assert.containsSubset(cart.items[1], { productId: pot.id, unitPrice: 3.33, lineTotal: 9.99 })
    assert.equal(cart.itemCount, 5)
    assert.equal(cart.subTotal, 35.99)
    assert.lengthOf(await linesInDb(user.id), 2)
  })

  test("a customer never sees another's cart", async ({ client, assert }) => {
    const alice = await actor(UserType.CUSTOMER)
    const bob = await actor(UserType.CUSTOMER)
    const { product } = await productOnSale()
    await addOk(client, alice.authorization, product.id, 1)
    const response = await client.get('/api/v1/cart').header('Authorization', bob.authorization)
    assert.deepEqual(response.body(), { items: [], itemCount: 0, subTotal: 0 })
  })

  test('lines whose product left the catalog stay, flagged and out of the totals', async ({
    client,
    assert,
  }) => {
    const { authorization } = await actor(UserType.CUSTOMER)
    const { shop: suspendedLater, product: ofSuspended } = await productOnSale({ priceCents: 100 })
    const { product: deactivated } = await productOnSale({ priceCents: 200 })
    const { product: deleted } = await productOnSale({ priceCents: 400 })
    const { product: kept } = await productOnSale({ priceCents: 800 })
    const { product: takenDown } = await productOnSale({ priceCents: 1600 })
    for (const product of [ofSuspended, deactivated, deleted, kept, takenDown]) {
      await addOk(client, authorization, product.id, 1)
    }
    await db.from('shops').where('id', suspendedLater.id).update({ status: ShopStatus.SUSPENDED })
    await db.from('products').where('id', deactivated.id).update({ is_active: false })
    await db
      .from('products')
      .where('id', deleted.id)
      .update({ deleted_at: stored(minutesAgo(1)) })
    await db
      .from('products')
      .where('id', takenDown.id)
      .update({ taken_down_at: stored(minutesAgo(1)), takedown_reason: 'Counterfeit' })

    const response = await client.get('/api/v1/cart').header('Authorization', authorization)
    const cart = response.body()
    assert.lengthOf(cart.items, 5)
    const availability = Object.fromEntries(
      cart.items.map((item: { productId: string; available: boolean }) => [
        item.productId,
        item.available,
      ])
    )
    assert.deepEqual(availability, {
      [ofSuspended.id]: false,
      [deactivated.id]: false,
      [deleted.id]: false,
      [kept.id]: true,
      [takenDown.id]: false,
    })
    assert.equal(cart.itemCount, 1)
    assert.equal(cart.subTotal, 8)
  })
})

test.group('POST /api/v1/cart/items', (group) => {
  eachInTransaction(group)

  test('adds a line and answers with the cart', async ({ client, assert }) => {
    const { user, authorization, product } = await customerAndProduct({
      priceCents: 250,
      stock: 10,
    })
    const response = await add(client, authorization, product.id, 4)
    response.assertStatus(200)
    assert.equal(response.body().itemCount, 4)
    assert.equal(response.body().subTotal, 10)
    const lines = await linesInDb(user.id)
    assert.lengthOf(lines, 1)
    assert.equal(lines[0].product_id, product.id)
    assert.equal(Number(lines[0].quantity), 4)
  })

  test('merges with the line of the same product', async ({ client, assert }) => {
    const { user, authorization, product } = await customerAndProduct({ stock: 10 })
    await addOk(client, authorization, product.id, 2)
    const response = await add(client, authorization, product.id, 3)
    response.assertStatus(200)
    assert.lengthOf(response.body().items, 1)
    assert.equal(response.body().items[0].quantity, 5)
    const lines = await linesInDb(user.id)
    assert.lengthOf(lines, 1)
    assert.equal(Number(lines[0].quantity), 5)
  })

  test('refuses a bad quantity or product id with field errors', async ({ client, assert }) => {
    const { user, authorization, product } = await customerAndProduct({ stock: 5000 })
    for (const [body, field] of [
      [{ productId: product.id, quantity: 0 }, 'quantity'],
      [{ productId: product.id, quantity: 1000 }, 'quantity'],
      [{ productId: product.id, quantity: -1 }, 'quantity'],
      [{ productId: product.id, quantity: 1.5 }, 'quantity'],
      [{ productId: product.id, quantity: '2' }, 'quantity'],
      [{ productId: product.id }, 'quantity'],
      [{ productId: 'abc', quantity: 1 }, 'productId'],
      [{ quantity: 1 }, 'productId'],
    ] as const) {
      const response = await client
        .post('/api/v1/cart/items')
        .header('Authorization', authorization)
        .json(body)
      const problem = expectProblem(assert, response, 400, 'VALIDATION_FAILED')
      assert.deepEqual(
        problem.errors?.map((error) => error.field),
        [field],
        JSON.stringify(body)
      )
    }
    assert.lengthOf(await linesInDb(user.id), 0)
  })

  test('answers 404 for an unknown or deleted product, 409 for one off sale', async ({
    client,
    assert,
  }) => {
    const { user, authorization } = await actor(UserType.CUSTOMER)
    const { inactive, takenDown, deleted, ofPending, ofSuspended } = await productsOffSale()
    for (const id of [UNKNOWN_ID, deleted.id]) {
      expectProblem(assert, await add(client, authorization, id, 1), 404, 'PRODUCT_NOT_FOUND')
    }
    for (const id of [inactive.id, takenDown.id, ofPending.id, ofSuspended.id]) {
      expectProblem(assert, await add(client, authorization, id, 1), 409, 'PRODUCT_UNAVAILABLE')
    }
    assert.lengthOf(await linesInDb(user.id), 0)
  })

  test('refuses more than the stock, also after merging', async ({ client, assert }) => {
    const { user, authorization, product } = await customerAndProduct({ stock: 5 })
    const { product: soldOut } = await productOnSale({ stock: 0 })
    expectProblem(
      assert,
      await add(client, authorization, product.id, 6),
      422,
      'INSUFFICIENT_STOCK'
    )
    expectProblem(
      assert,
      await add(client, authorization, soldOut.id, 1),
      422,
      'INSUFFICIENT_STOCK'
    )
    assert.lengthOf(await linesInDb(user.id), 0)

    await addOk(client, authorization, product.id, 3)
    const merged = await add(client, authorization, product.id, 3)
    const problem = expectProblem(assert, merged, 422, 'INSUFFICIENT_STOCK')
    assert.include(problem.detail, '5')
    const lines = await linesInDb(user.id)
    assert.equal(Number(lines[0].quantity), 3)

    await addOk(client, authorization, product.id, 2)
    assert.equal(await storedQuantity(user.id), 5)
  })

  test('refuses a merged line above 999 units', async ({ client, assert }) => {
    const { user, authorization, product } = await customerAndProduct({ stock: 5000 })
    await addOk(client, authorization, product.id, 999)
    const response = await add(client, authorization, product.id, 1)
    expectProblem(assert, response, 422, 'QUANTITY_LIMIT_EXCEEDED')
    assert.equal(await storedQuantity(user.id), 999)
  })
})

test.group('PUT /api/v1/cart/items/{productId}', (group) => {
  eachInTransaction(group)

  test('sets the quantity of a line', async ({ client, assert }) => {
    const { user, authorization, product } = await customerAndProduct({
      stock: 10,
      priceCents: 100,
    })
    await addOk(client, authorization, product.id, 4)
    const response = await setQuantity(client, authorization, product.id, 2)
    response.assertStatus(200)
    assert.equal(response.body().itemCount, 2)
    assert.equal(response.body().subTotal, 2)
    assert.equal(await storedQuantity(user.id), 2)
  })

  test('refuses a bad quantity', async ({ client, assert }) => {
    const { authorization, product } = await customerAndProduct()
    await addOk(client, authorization, product.id, 1)
    for (const quantity of [0, 1000, 2.5, '3', null]) {
      const response = await setQuantity(client, authorization, product.id, quantity)
      const problem = expectProblem(assert, response, 400, 'VALIDATION_FAILED')
      assert.equal(problem.errors?.[0].field, 'quantity')
    }
  })

  test("answers 404 for a product not in the cart, even in another customer's", async ({
    client,
    assert,
  }) => {
    const alice = await actor(UserType.CUSTOMER)
    const bob = await actor(UserType.CUSTOMER)
    const { product } = await productOnSale()
    await addOk(client, alice.authorization, product.id, 2)
    const response = await setQuantity(client, bob.authorization, product.id, 7)
    expectProblem(assert, response, 404, 'CART_ITEM_NOT_FOUND')
    assert.lengthOf(await linesInDb(bob.user.id), 0)
    assert.equal(await storedQuantity(alice.user.id), 2)
  })

  test('refuses more than the stock, and a product that left the catalog', async ({
    client,
    assert,
  }) => {
    const { user, authorization, product } = await customerAndProduct({ stock: 3 })
    await addOk(client, authorization, product.id, 1)
    const tooMany = await setQuantity(client, authorization, product.id, 4)
    expectProblem(assert, tooMany, 422, 'INSUFFICIENT_STOCK')

    await db.from('products').where('id', product.id).update({ is_active: false })
    const gone = await setQuantity(client, authorization, product.id, 2)
    expectProblem(assert, gone, 409, 'PRODUCT_UNAVAILABLE')
    assert.equal(await storedQuantity(user.id), 1)
  })
})

test.group('DELETE /api/v1/cart/items/{productId} and /api/v1/cart', (group) => {
  eachInTransaction(group)

  test('removes one line', async ({ client, assert }) => {
    const { user, authorization } = await actor(UserType.CUSTOMER)
    const { product: first } = await productOnSale()
    const { product: second } = await productOnSale()
    await addOk(client, authorization, first.id, 1)
    await addOk(client, authorization, second.id, 1)
    const response = await client
      .delete(`/api/v1/cart/items/${first.id}`)
      .header('Authorization', authorization)
    response.assertStatus(200)
    assert.deepEqual(
      response.body().items.map((item: { productId: string }) => item.productId),
      [second.id]
    )
    const lines = await linesInDb(user.id)
    assert.deepEqual(
      lines.map((line) => line.product_id),
      [second.id]
    )
  })

  test('removes a line whose product left the catalog', async ({ client, assert }) => {
    const { user, authorization, product } = await customerAndProduct()
    await addOk(client, authorization, product.id, 1)
    await db
      .from('products')
      .where('id', product.id)
      .update({ deleted_at: stored(minutesAgo(0)) })
    const response = await client
      .delete(`/api/v1/cart/items/${product.id}`)
      .header('Authorization', authorization)
    response.assertStatus(200)
    assert.lengthOf(await linesInDb(user.id), 0)
  })

  test("answers 404 for a line not in the caller's cart and keeps the owner's", async ({
    client,
    assert,
  }) => {
    const alice = await actor(UserType.CUSTOMER)
    const bob = await actor(UserType.CUSTOMER)
    const { product } = await productOnSale()
    await addOk(client, alice.authorization, product.id, 1)
    for (const id of [product.id, UNKNOWN_ID]) {
      const response = await client
        .delete(`/api/v1/cart/items/${id}`)
        .header('Authorization', bob.authorization)
      expectProblem(assert, response, 404, 'CART_ITEM_NOT_FOUND')
    }
    assert.lengthOf(await linesInDb(alice.user.id), 1)
    const malformed = await client
      .delete('/api/v1/cart/items/abc')
      .header('Authorization', bob.authorization)
    expectProblem(assert, malformed, 404, 'ROUTE_NOT_FOUND')
  })

  test("empties the caller's cart only", async ({ client, assert }) => {
    const alice = await actor(UserType.CUSTOMER)
    const bob = await actor(UserType.CUSTOMER)
    const { product: first } = await productOnSale()
    const { product: second } = await productOnSale()
    await addOk(client, alice.authorization, first.id, 1)
    await addOk(client, alice.authorization, second.id, 2)
    await addOk(client, bob.authorization, first.id, 1)

    const response = await client
      .delete('/api/v1/cart')
      .header('Authorization', alice.authorization)
    response.assertStatus(200)
    assert.deepEqual(response.body(), { items: [], itemCount: 0, subTotal: 0 })
    assert.lengthOf(await linesInDb(alice.user.id), 0)
    assert.lengthOf(await linesInDb(bob.user.id), 1)

    const again = await client.delete('/api/v1/cart').header('Authorization', alice.authorization)
    again.assertStatus(200)
  })
})

test.group('CartService for checkout', (group) => {
  eachInTransaction(group)

  test('linesFor reads lines with product and shop inside a transaction; clear empties', async ({
    client,
    assert,
  }) => {
    const { user, authorization } = await actor(UserType.CUSTOMER)
    const { shop, product } = await productOnSale({ priceCents: 1234, stock: 9, sku: 'LINE-1' })
    const { product: hidden } = await productOnSale()
    await addOk(client, authorization, product.id, 2)
    await addOk(client, authorization, hidden.id, 1)
    await db.from('products').where('id', hidden.id).update({ is_active: false })

    const service = await app.container.make(CartService)
    await db.transaction(async (trx) => {
      const lines = await service.linesFor(user.id, trx)
      assert.deepEqual(lines[0], {
        productId: product.id,
        variantId: product.id,
        optionValues: {},
        shopId: shop.id,
        shopName: shop.name,
        name: product.name,
        sku: 'LINE-1',
        unitPriceCents: 1234,
        quantity: 2,
        stock: 9,
        available: true,
      })
      assert.equal(lines[1].productId, hidden.id)
      assert.isFalse(lines[1].available)

      await service.clear(user.id, trx)
      assert.deepEqual(await service.linesFor(user.id, trx), [])
    })
    assert.lengthOf(await linesInDb(user.id), 0)
  })
})
