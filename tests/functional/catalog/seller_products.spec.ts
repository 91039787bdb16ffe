import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { actor } from '#tests/helpers/actors'
import { expectProblem } from '#tests/helpers/responses'
import { UserType } from '#enums/user_type'
import { ShopStatus } from '#enums/shop_status'
import { ShopFactory } from '#database/factories/shop_factory'
import { minutesAgo, productOf, sellerWithShop } from '#tests/functional/catalog/support'
import { allBut, expectRoleMatrix } from '#tests/helpers/role_matrix'
import { eachInTransaction } from '#tests/helpers/transactions'

const UNKNOWN_ID = '7c9e6679-7425-40de-944b-e07fc1f90ae7'

/**
 * A product's row, read past the models, with its default variant's SKU and stock (the variant
 * has the product's id).
 */
const productRow = (id: string) =>
  db
    .from('products')
    .join('product_variants', 'product_variants.id', 'products.id')
    .where('products.id', id)
    .select('products.*', 'product_variants.sku', 'product_variants.stock')
    .firstOrFail()

const fieldsOf = (body: { errors?: Array<{ field: string }> }) =>
  (body.errors ?? []).map((error) => error.field)

const validBody = (shopId: string) => ({
  shopId,
  name: 'Espresso cup',
  description: 'Porcelain, 80 ml',
  sku: 'cup-080',
  price: 12.5,
  stock: 40,
})

test.group('POST /api/v1/seller/products', (group) => {
  eachInTransaction(group)

  test('needs a seller token; a customer cannot create products', async ({ client, assert }) => {
    const { shop } = await sellerWithShop()
    await expectRoleMatrix(
      assert,
      [() => client.post('/api/v1/seller/products').json(validBody(shop.id))],
      { refused: allBut(UserType.SELLER) }
    )
    assert.lengthOf(await db.from('products').where('shop_id', shop.id), 0)
  })

  test('adds a product to its own shop, price in cents below the edge', async ({
    client,
    assert,
  }) => {
    const { shop, authorization } = await sellerWithShop(ShopStatus.PENDING)
    const response = await client
      .post('/api/v1/seller/products')
      .header('Authorization', authorization)
      .json(validBody(shop.id))

    response.assertStatus(201)
    const product = response.body()
    assert.containsSubset(product, {
      shopId: shop.id,
      shopName: shop.name,
      name: 'Espresso cup',
      description: 'Porcelain, 80 ml',
      sku: 'CUP-080',
      price: 12.5,
      stock: 40,
      inStock: true,
      isActive: true,
    })
    assert.match(product.createdAt, /Z$/)

    const row = await db.from('products').where('id', product.id).firstOrFail()
    assert.equal(Number(row.price_cents), 1250)
    assert.isNull(row.deleted_at)
    // Its one default variant has the product's id and holds its SKU, price and stock.
    const variant = await db.from('product_variants').where('id', product.id).firstOrFail()
    assert.equal(variant.product_id, product.id)
    assert.equal(variant.sku, 'CUP-080')
    assert.equal(Number(variant.price_cents), 1250)
    assert.equal(Number(variant.stock), 40)
  })

  test('accepts an inactive product and zero stock', async ({ client, assert }) => {
    const { shop, authorization } = await sellerWithShop()
    const response = await client
      .post('/api/v1/seller/products')
      .header('Authorization', authorization)
      .json({ ...validBody(shop.id), stock: 0, isActive: false, price: 1_000_000 })
    response.assertStatus(201)
    assert.containsSubset(response.body(), {
      stock: 0,
      inStock: false,
      isActive: false,
      price: 1_000_000,
    })
  })

  test('refuses bad money: negative, zero, 3 decimals, string, NaN-like, too large', async ({
    client,
    assert,
  }) => {
    const { shop, authorization } = await sellerWithShop()
    for (const price of [-1, 0, 10.005, '10.00', 'NaN', null, 1_000_000.01, 5_000_000]) {
      const response = await client
        .post('/api/v1/seller/products')
        .header('Authorization', authorization)
        .json({ ...validBody(shop.id), price })
      const problem = expectProblem(assert, response, 400, 'VALIDATION_FAILED')
      assert.deepEqual(fieldsOf(problem), ['price'], `price ${JSON.stringify(price)}`)
    }
    const overflow = await client
      .post('/api/v1/seller/products')
      .header('Authorization', authorization)
      .unsafeJson(JSON.stringify(validBody(shop.id)).replace('12.5', '1e400'))
    assert.deepEqual(fieldsOf(expectProblem(assert, overflow, 400, 'VALIDATION_FAILED')), ['price'])
    assert.lengthOf(await db.from('products').where('shop_id', shop.id), 0)
  })

  test('refuses bad stock, SKU, names and a missing shop', async ({ client, assert }) => {
    const { shop, authorization } = await sellerWithShop()
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ stock: -1 }, 'stock'],
      [{ stock: 1.5 }, 'stock'],
      [{ stock: 1_000_001 }, 'stock'],
      [{ stock: '3' }, 'stock'],
      [{ sku: 'has space' }, 'sku'],
      [{ sku: '' }, 'sku'],
      [{ sku: 'X'.repeat(65) }, 'sku'],
      [{ name: ' ' }, 'name'],
      [{ name: 'n'.repeat(201) }, 'name'],
      [{ description: 'd'.repeat(5001) }, 'description'],
      [{ isActive: 'yes' }, 'isActive'],
      [{ shopId: 'not-a-uuid' }, 'shopId'],
      [{ shopId: undefined }, 'shopId'],
    ]
    for (const [change, field] of cases) {
      const response = await client
        .post('/api/v1/seller/products')
        .header('Authorization', authorization)
        .json({ ...validBody(shop.id), ...change })
      const problem = expectProblem(assert, response, 400, 'VALIDATION_FAILED')
      assert.deepEqual(fieldsOf(problem), [field], JSON.stringify(change))
    }
    assert.lengthOf(await db.from('products').where('shop_id', shop.id), 0)
  })

  test("answers 404 for another seller's shop and creates nothing", async ({ client, assert }) => {
    const other = await sellerWithShop()
    const { authorization } = await sellerWithShop()
    const response = await client
      .post('/api/v1/seller/products')
      .header('Authorization', authorization)
      .json(validBody(other.shop.id))
    expectProblem(assert, response, 404, 'SHOP_NOT_FOUND')
    assert.lengthOf(await db.from('products').where('shop_id', other.shop.id), 0)
  })

  test('refuses a SKU already used in the same shop, in any case', async ({ client, assert }) => {
    const { shop, user, authorization } = await sellerWithShop()
    await productOf(shop, { sku: 'CUP-080' })
    const duplicate = await client
      .post('/api/v1/seller/products')
      .header('Authorization', authorization)
      .json(validBody(shop.id))
    expectProblem(assert, duplicate, 409, 'SKU_EXISTS')

    const secondShop = await ShopFactory.merge({ sellerId: user.id }).create()
    const elsewhere = await client
      .post('/api/v1/seller/products')
      .header('Authorization', authorization)
      .json(validBody(secondShop.id))
    elsewhere.assertStatus(201)
    assert.lengthOf(await db.from('product_variants').where('sku', 'CUP-080'), 2)
  })

  test('lets the SKU of a deleted product be used again', async ({ client, assert }) => {
    const { shop, authorization } = await sellerWithShop()
    const old = await productOf(shop, { sku: 'CUP-080' })
    const deleted = await client
      .delete(`/api/v1/seller/products/${old.id}`)
      .header('Authorization', authorization)
    deleted.assertStatus(200)
    const reused = await client
      .post('/api/v1/seller/products')
      .header('Authorization', authorization)
      .json(validBody(shop.id))
    reused.assertStatus(201)
    const rows = await db.from('product_variants').where('sku', 'CUP-080').orderBy('created_at')
    assert.lengthOf(rows, 2)
    assert.sameMembers(
      rows.map((row) => row.deleted_at === null),
      [true, false]
    )
  })
})

test.group('GET /api/v1/seller/products', (group) => {
  eachInTransaction(group)

  test('needs a seller token', async ({ client, assert }) => {
    expectProblem(assert, await client.get('/api/v1/seller/products'), 401, 'UNAUTHORIZED')
    const { authorization } = await actor(UserType.CUSTOMER)
    const response = await client
      .get('/api/v1/seller/products')
      .header('Authorization', authorization)
    expectProblem(assert, response, 403, 'FORBIDDEN')
  })

  test("lists the seller's own products, inactive included, deleted left out", async ({
    client,
    assert,
  }) => {
    const { shop, user, authorization } = await sellerWithShop()
    const secondShop = await ShopFactory.merge({
      sellerId: user.id,
      status: ShopStatus.SUSPENDED,
    }).create()
    const oldest = await productOf(shop, { createdAt: minutesAgo(3) })
    const inactive = await productOf(secondShop, { isActive: false, createdAt: minutesAgo(2) })
    await productOf(shop, { deletedAt: minutesAgo(1) })
    const other = await sellerWithShop()
    await productOf(other.shop)

    const response = await client
      .get('/api/v1/seller/products')
      .header('Authorization', authorization)
    response.assertStatus(200)
    assert.equal(response.body().total, 2)
    assert.deepEqual(
      response.body().items.map((product: { id: string }) => product.id),
      [inactive.id, oldest.id]
    )
    assert.equal(response.body().items[0].shopName, secondShop.name)

    const filtered = await client
      .get('/api/v1/seller/products')
      .qs({ shopId: shop.id })
      .header('Authorization', authorization)
    assert.equal(filtered.body().total, 1)
    assert.equal(filtered.body().items[0].id, oldest.id)
  })

  test("answers 404 when filtering by another seller's shop", async ({ client, assert }) => {
    const other = await sellerWithShop()
    await productOf(other.shop)
    const { authorization } = await sellerWithShop()
    const response = await client
      .get('/api/v1/seller/products')
      .qs({ shopId: other.shop.id })
      .header('Authorization', authorization)
    expectProblem(assert, response, 404, 'SHOP_NOT_FOUND')
  })

  test('refuses bad paging and a malformed shopId', async ({ client, assert }) => {
    const { authorization } = await sellerWithShop()
    for (const query of ['limit=0', 'limit=101', 'limit=-1', 'limit=abc', 'shopId=abc']) {
      const response = await client
        .get(`/api/v1/seller/products?${query}`)
        .header('Authorization', authorization)
      const problem = expectProblem(assert, response, 400, 'VALIDATION_FAILED')
      assert.deepEqual(fieldsOf(problem), [query.split('=')[0]])
    }
  })
})

test.group('GET /api/v1/seller/products/{id}', (group) => {
  eachInTransaction(group)

  test('shows its own product, even inactive', async ({ client, assert }) => {
    const { shop, authorization } = await sellerWithShop()
    const product = await productOf(shop, { isActive: false, priceCents: 999 })
    const response = await client
      .get(`/api/v1/seller/products/${product.id}`)
      .header('Authorization', authorization)
    response.assertStatus(200)
    assert.containsSubset(response.body(), { id: product.id, isActive: false, price: 9.99 })
  })

  test("answers 404 for another seller's, a deleted or an unknown product", async ({
    client,
    assert,
  }) => {
    const other = await sellerWithShop()
    const foreign = await productOf(other.shop)
    const { shop, authorization } = await sellerWithShop()
    const deleted = await productOf(shop, { deletedAt: minutesAgo(1) })
    for (const id of [foreign.id, deleted.id, UNKNOWN_ID]) {
      const response = await client
        .get(`/api/v1/seller/products/${id}`)
        .header('Authorization', authorization)
      expectProblem(assert, response, 404, 'PRODUCT_NOT_FOUND')
    }
    const { authorization: customer } = await actor(UserType.CUSTOMER)
    const forbidden = await client
      .get(`/api/v1/seller/products/${foreign.id}`)
      .header('Authorization', customer)
    expectProblem(assert, forbidden, 403, 'FORBIDDEN')
  })
})

test.group('PUT /api/v1/seller/products/{id}', (group) => {
  eachInTransaction(group)

  test('needs a seller token', async ({ client, assert }) => {
    const { shop } = await sellerWithShop()
    const product = await productOf(shop)
    const url = `/api/v1/seller/products/${product.id}`
    expectProblem(assert, await client.put(url).json({ stock: 1 }), 401, 'UNAUTHORIZED')
    const { authorization } = await actor(UserType.CUSTOMER)
    const response = await client.put(url).header('Authorization', authorization).json({ stock: 1 })
    expectProblem(assert, response, 403, 'FORBIDDEN')
  })

  test('changes only the given fields', async ({ client, assert }) => {
    const { shop, authorization } = await sellerWithShop()
    const product = await productOf(shop, { priceCents: 500, stock: 3, name: 'Mug' })
    const response = await client
      .put(`/api/v1/seller/products/${product.id}`)
      .header('Authorization', authorization)
      .json({ price: 7.25, stock: 0, isActive: false, description: null })
    response.assertStatus(200)
    assert.containsSubset(response.body(), {
      id: product.id,
      name: 'Mug',
      sku: product.sku,
      price: 7.25,
      stock: 0,
      inStock: false,
      isActive: false,
      description: null,
      shopName: shop.name,
    })
    const row = await productRow(product.id)
    assert.equal(Number(row.price_cents), 725)
    assert.equal(Number(row.stock), 0)
    assert.equal(row.name, 'Mug')
  })

  test('refuses bad values', async ({ client, assert }) => {
    const { shop, authorization } = await sellerWithShop()
    const product = await productOf(shop)
    for (const [change, field] of [
      [{ price: -5 }, 'price'],
      [{ price: 0.001 }, 'price'],
      [{ stock: -1 }, 'stock'],
      [{ name: '' }, 'name'],
    ] as const) {
      const response = await client
        .put(`/api/v1/seller/products/${product.id}`)
        .header('Authorization', authorization)
        .json(change)
      const problem = expectProblem(assert, response, 400, 'VALIDATION_FAILED')
      assert.deepEqual(fieldsOf(problem), [field])
    }
  })

  test("answers 404 for another seller's product and leaves it alone", async ({
    client,
    assert,
  }) => {
    const other = await sellerWithShop()
    const foreign = await productOf(other.shop, { stock: 5 })
    const { authorization } = await sellerWithShop()
    const response = await client
      .put(`/api/v1/seller/products/${foreign.id}`)
      .header('Authorization', authorization)
      .json({ stock: 999 })
    expectProblem(assert, response, 404, 'PRODUCT_NOT_FOUND')
    const untouched = await productRow(foreign.id)
    assert.equal(Number(untouched.stock), 5)
  })

  test("moves a product between its own shops but never into another seller's", async ({
    client,
    assert,
  }) => {
    const { shop, user, authorization } = await sellerWithShop()
    const product = await productOf(shop)
    const other = await sellerWithShop()

    const refused = await client
      .put(`/api/v1/seller/products/${product.id}`)
      .header('Authorization', authorization)
      .json({ shopId: other.shop.id })
    expectProblem(assert, refused, 404, 'SHOP_NOT_FOUND')
    const stayed = await productRow(product.id)
    assert.equal(stayed.shop_id, shop.id)

    const mine = await ShopFactory.merge({ sellerId: user.id }).create()
    const moved = await client
      .put(`/api/v1/seller/products/${product.id}`)
      .header('Authorization', authorization)
      .json({ shopId: mine.id })
    moved.assertStatus(200)
    assert.containsSubset(moved.body(), { shopId: mine.id, shopName: mine.name })
    const movedRow = await productRow(product.id)
    assert.equal(movedRow.shop_id, mine.id)
  })

  test('refuses a SKU another product of the shop has', async ({ client, assert }) => {
    const { shop, user, authorization } = await sellerWithShop()
    await productOf(shop, { sku: 'TAKEN-1' })
    const product = await productOf(shop, { sku: 'FREE-1' })
    const response = await client
      .put(`/api/v1/seller/products/${product.id}`)
      .header('Authorization', authorization)
      .json({ sku: 'taken-1' })
    expectProblem(assert, response, 409, 'SKU_EXISTS')
    const unchanged = await productRow(product.id)
    assert.equal(unchanged.sku, 'FREE-1')

    const target = await ShopFactory.merge({ sellerId: user.id }).create()
    await productOf(target, { sku: 'FREE-1' })
    const move = await client
      .put(`/api/v1/seller/products/${product.id}`)
      .header('Authorization', authorization)
      .json({ shopId: target.id })
    expectProblem(assert, move, 409, 'SKU_EXISTS')
  })
})

test.group('DELETE /api/v1/seller/products/{id}', (group) => {
  eachInTransaction(group)

  test('needs a seller token', async ({ client, assert }) => {
    const { shop } = await sellerWithShop()
    const product = await productOf(shop)
    const url = `/api/v1/seller/products/${product.id}`
    expectProblem(assert, await client.delete(url), 401, 'UNAUTHORIZED')
    const { authorization } = await actor(UserType.CUSTOMER)
    expectProblem(
      assert,
      await client.delete(url).header('Authorization', authorization),
      403,
      'FORBIDDEN'
    )
    const kept = await productRow(product.id)
    assert.isNull(kept.deleted_at)
  })

  test('soft-deletes: the row stays, the product disappears everywhere', async ({
    client,
    assert,
  }) => {
    const { shop, authorization } = await sellerWithShop()
    const product = await productOf(shop)
    const response = await client
      .delete(`/api/v1/seller/products/${product.id}`)
      .header('Authorization', authorization)
    response.assertStatus(200)
    assert.deepEqual(response.body(), { id: product.id, deleted: true })

    const row = await db.from('products').where('id', product.id).firstOrFail()
    assert.isNotNull(row.deleted_at)

    const list = await client.get('/api/v1/seller/products').header('Authorization', authorization)
    assert.equal(list.body().total, 0)
    expectProblem(
      assert,
      await client.get(`/api/v1/products/${product.id}`),
      404,
      'PRODUCT_NOT_FOUND'
    )
    const catalog = await client.get('/api/v1/products')
    assert.equal(catalog.body().total, 0)
    const again = await client
      .delete(`/api/v1/seller/products/${product.id}`)
      .header('Authorization', authorization)
    expectProblem(assert, again, 404, 'PRODUCT_NOT_FOUND')
    const edit = await client
      .put(`/api/v1/seller/products/${product.id}`)
      .header('Authorization', authorization)
      .json({ stock: 1 })
    expectProblem(assert, edit, 404, 'PRODUCT_NOT_FOUND')
  })

  test("answers 404 for another seller's product and keeps it", async ({ client, assert }) => {
    const other = await sellerWithShop()
    const foreign = await productOf(other.shop)
    const { authorization } = await sellerWithShop()
    const response = await client
      .delete(`/api/v1/seller/products/${foreign.id}`)
      .header('Authorization', authorization)
    expectProblem(assert, response, 404, 'PRODUCT_NOT_FOUND')
    const stillThere = await productRow(foreign.id)
    assert.isNull(stillThere.deleted_at)
  })
})
