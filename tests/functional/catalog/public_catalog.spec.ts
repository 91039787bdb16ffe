import { test } from '@japa/runner'
import { expectProblem } from '#tests/helpers/responses'
import { ShopStatus } from '#enums/shop_status'
import {
  minutesAgo,
  productOf,
  productOnSale,
  productsOffSale,
  sellerWithShop,
  takenDownFields,
} from '#tests/functional/catalog/support'
import { eachInTransaction } from '#tests/helpers/transactions'

const UNKNOWN_ID = '7c9e6679-7425-40de-944b-e07fc1f90ae7'

const idsOf = (body: { items: Array<{ id: string }> }) => body.items.map((item) => item.id)

test.group('GET /api/v1/products', (group) => {
  eachInTransaction(group)

  test('needs no token and shows a product with its shop and stock', async ({ client, assert }) => {
    const { shop, product } = await productOnSale({ priceCents: 1999, stock: 7 })
    // Read back: SQLite keeps whole seconds only.
    await product.refresh()
    const response = await client.get('/api/v1/products')
    response.assertStatus(200)
    assert.equal(response.body().total, 1)
    assert.deepEqual(response.body().items[0], {
      id: product.id,
      shopId: shop.id,
      shopName: shop.name,
      name: product.name,
      description: product.description,
      sku: product.sku,
      price: 19.99,
      stock: 7,
      inStock: true,
      options: [],
      variants: [
        {
          id: product.id,
          sku: product.sku,
          optionValues: {},
          price: 19.99,
          stock: 7,
          inStock: true,
          isActive: true,
        },
      ],
      categoryIds: [],
      images: [],
      isActive: true,
      createdAt: product.createdAt.toUTC().toISO(),
      updatedAt: product.updatedAt.toUTC().toISO(),
    })
  })

  test('shows only active, non-deleted products not taken down, of approved shops', async ({
    client,
    assert,
  }) => {
    const { shop, product: visible } = await productOnSale()
    const soldOut = await productOf(shop, { stock: 0 })
    await productOf(shop, { isActive: false })
    await productOf(shop, takenDownFields())
    await productOf(shop, { deletedAt: minutesAgo(1) })
    for (const status of [ShopStatus.PENDING, ShopStatus.SUSPENDED]) {
      const hidden = await sellerWithShop(status)
      await productOf(hidden.shop)
    }

    const response = await client.get('/api/v1/products')
    response.assertStatus(200)
    assert.equal(response.body().total, 2)
    assert.sameMembers(idsOf(response.body()), [visible.id, soldOut.id])
    const shownSoldOut = response
      .body()
      .items.find((item: { id: string }) => item.id === soldOut.id)
    assert.containsSubset(shownSoldOut, { stock: 0, inStock: false })
  })

  test('searches name and description case-insensitively', async ({ client, assert }) => {
    const { shop } = await productOnSale({ name: 'Plain mug' })
    const byName = await productOf(shop, { name: 'Blue TEAPOT', description: 'Cast iron' })
    const byDescription = await productOf(shop, { name: 'Kettle', description: 'For teapot fans' })

    const response = await client.get('/api/v1/products').qs({ q: '  TeaPot ' })
    response.assertStatus(200)
    assert.sameMembers(idsOf(response.body()), [byName.id, byDescription.id])
    assert.equal(response.body().total, 2)
  })

  test('filters by shop', async ({ client, assert }) => {
    const { shop } = await productOnSale()
    const second = await productOf(shop)
    await productOnSale()
    const response = await client.get('/api/v1/products').qs({ shopId: shop.id })
    assert.equal(response.body().total, 2)
    assert.include(idsOf(response.body()), second.id)
    const none = await client.get('/api/v1/products').qs({ shopId: UNKNOWN_ID })
    assert.equal(none.body().total, 0)
  })

  test('orders newest first by default, or by price either way', async ({ client, assert }) => {
    const { shop } = await sellerWithShop()
    const cheapOld = await productOf(shop, { priceCents: 100, createdAt: minutesAgo(30) })
    const dearMid = await productOf(shop, { priceCents: 900, createdAt: minutesAgo(20) })
    const midNew = await productOf(shop, { priceCents: 500, createdAt: minutesAgo(10) })

    const newest = await client.get('/api/v1/products')
    assert.deepEqual(idsOf(newest.body()), [midNew.id, dearMid.id, cheapOld.id])
    const explicit = await client.get('/api/v1/products').qs({ sort: 'newest' })
    assert.deepEqual(idsOf(explicit.body()), [midNew.id, dearMid.id, cheapOld.id])
    const ascending = await client.get('/api/v1/products').qs({ sort: 'price_asc' })
    assert.deepEqual(idsOf(ascending.body()), [cheapOld.id, midNew.id, dearMid.id])
    const descending = await client.get('/api/v1/products').qs({ sort: 'price_desc' })
    assert.deepEqual(idsOf(descending.body()), [dearMid.id, midNew.id, cheapOld.id])
  })

  test('pages with limit and offset and reports the total', async ({ client, assert }) => {
    const { shop } = await sellerWithShop()
    const made = []
    for (let minutes = 5; minutes >= 1; minutes--) {
      made.push(await productOf(shop, { createdAt: minutesAgo(minutes) }))
    }
    const response = await client.get('/api/v1/products').qs({ limit: 2, offset: 1 })
    response.assertStatus(200)
    assert.equal(response.body().total, 5)
    assert.equal(response.body().limit, 2)
    assert.equal(response.body().offset, 1)
    assert.deepEqual(idsOf(response.body()), [made[3].id, made[2].id])
    const beyond = await client.get('/api/v1/products').qs({ offset: 10 })
    assert.deepEqual(beyond.body().items, [])
    assert.equal(beyond.body().total, 5)
  })

  test('refuses bad paging, sort, shopId, over-long or repeated parameters', async ({
    client,
    assert,
  }) => {
    for (const [query, field] of [
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['limit=-1', 'limit'],
      ['limit=abc', 'limit'],
      ['offset=-1', 'offset'],
      ['sort=cheapest', 'sort'],
      ['shopId=123', 'shopId'],
      [`q=${'a'.repeat(101)}`, 'q'],
      ['q=a&q=b', 'q'],
    ]) {
      const response = await client.get(`/api/v1/products?${query}`)
      const problem = expectProblem(assert, response, 400, 'VALIDATION_FAILED')
      assert.deepEqual(
        problem.errors?.map((error) => error.field),
        [field],
        query
      )
    }
  })
})

test.group('GET /api/v1/products/{id}', (group) => {
  eachInTransaction(group)

  test('shows a product on sale without a token', async ({ client, assert }) => {
    const { shop, product } = await productOnSale({ stock: 0, priceCents: 1050 })
    const response = await client.get(`/api/v1/products/${product.id}`)
    response.assertStatus(200)
    assert.containsSubset(response.body(), {
      id: product.id,
      shopId: shop.id,
      shopName: shop.name,
      price: 10.5,
      stock: 0,
      inStock: false,
    })
  })

  test('answers 404 for anything not on sale', async ({ client, assert }) => {
    const { inactive, takenDown, deleted, ofPending, ofSuspended } = await productsOffSale()
    const offSale = [inactive, takenDown, deleted, ofPending, ofSuspended]
    for (const id of [...offSale.map((product) => product.id), UNKNOWN_ID]) {
      const response = await client.get(`/api/v1/products/${id}`)
      expectProblem(assert, response, 404, 'PRODUCT_NOT_FOUND')
    }
    const malformed = await client.get('/api/v1/products/abc')
    expectProblem(assert, malformed, 404, 'ROUTE_NOT_FOUND')
  })
})
