import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import limiter from '@adonisjs/limiter/services/main'
import { DateTime } from 'luxon'
import type { Group } from '@japa/runner/core'
import type { ApiClient } from '@japa/api-client'
import Category from '#models/category'
import { expectProblem } from '#tests/helpers/responses'
import { eachInTransaction } from '#tests/helpers/transactions'
import {
  minutesAgo,
  productOf,
  productOnSale,
  productsOffSale,
  sellerWithShop,
} from '#tests/functional/catalog/support'

/*
| The catalog's full-text search (docs/api/catalog.md, "Search"). Products searched for carry
| made-up words (zorblax, quuxan) in a name and description set by the test, so the factory's
| random names never match by chance.
*/

const idsOf = (body: { items: Array<{ id: string }> }) => body.items.map((item) => item.id)

/** The ids the catalog lists for these query parameters, in order. */
async function listed(client: ApiClient, qs: Record<string, string>) {
  const response = await client.get('/api/v1/products').qs(qs)
  response.assertStatus(200)
  return idsOf(response.body())
}

/** Each test in a rolled-back transaction, with the catalog's rate limit cleared around it. */
function searchGroup(group: Group) {
  eachInTransaction(group)
  group.each.setup(async () => {
    await limiter.clear()
    return () => limiter.clear()
  })
}

/** The product's rows in the search index (exactly one while it exists). */
async function indexRows(productId: string) {
  return db.from('product_search').where('product_id', productId).select('product_id')
}

test.group('GET /api/v1/products?q: matching and ranking', (group) => {
  searchGroup(group)

  test('ranks a name match above a description-only match, by default', async ({
    client,
    assert,
  }) => {
    const { shop } = await sellerWithShop()
    // The description-only match is the newer one, so newest-first would put it first.
    const byName = await productOf(shop, {
      name: 'Zorblax kettle',
      description: 'Brushed steel',
      createdAt: minutesAgo(30),
    })
    const byDescription = await productOf(shop, {
      name: 'Plain jug',
      description: 'Goes well with a zorblax',
      createdAt: minutesAgo(5),
    })
    await productOf(shop, { name: 'Teapot', description: 'Cast iron' })

    const response = await client.get('/api/v1/products').qs({ q: 'zorblax' })
    response.assertStatus(200)
    assert.deepEqual(idsOf(response.body()), [byName.id, byDescription.id])
    assert.equal(response.body().total, 2)
    const explicit = await client.get('/api/v1/products').qs({ q: 'ZORBLAX', sort: 'relevance' })
    assert.deepEqual(idsOf(explicit.body()), [byName.id, byDescription.id])
  })

  test('needs every word, the last one also as a prefix', async ({ client, assert }) => {
    const { shop } = await sellerWithShop()
    const kettle = await productOf(shop, { name: 'Zorblax kettle', description: 'Steel' })
    const mug = await productOf(shop, { name: 'Zorblax mug', description: 'Stoneware' })

    const search = (q: string) => listed(client, { q })
    assert.sameMembers(await search('zorb'), [kettle.id, mug.id])
    assert.deepEqual(await search('zorblax kett'), [kettle.id])
    assert.deepEqual(await search('zorblax stoneware'), [mug.id])
    // Only the last word is a prefix.
    assert.deepEqual(await search('kett zorblax'), [])
    assert.deepEqual(await search('zorblax teapot'), [])
  })

  test('folds case and accents, and compatibility forms in the query', async ({
    client,
    assert,
  }) => {
    const { shop } = await sellerWithShop()
    const cafe = await productOf(shop, { name: 'Café crème zorblax', description: 'Beans' })
    const plain = await productOf(shop, { name: 'CAFE NOIR', description: 'Roast' })
    const mug = await productOf(shop, { name: 'Quuxan mug', description: 'Stoneware' })
    const cyrillic = await productOf(shop, { name: 'Кофе quuxan', description: 'Зерна' })

    const search = (q: string) => listed(client, { q })
    assert.sameMembers(await search('cafe'), [cafe.id, plain.id])
    assert.sameMembers(await search('CAFÉ'), [cafe.id, plain.id])
    // "é" written as "e" and a combining acute accent.
    assert.sameMembers(await search('cafe\u0301'), [cafe.id, plain.id])
    assert.deepEqual(await search('creme'), [cafe.id])
    assert.deepEqual(await search('crème'), [cafe.id])
    // Fullwidth letters are the same letters.
    assert.deepEqual(await search('ｍｕｇ'), [mug.id])
    assert.deepEqual(await search('КОФЕ'), [cyrillic.id])
    // Look-alike letters of another script are other letters: Cyrillic "с", "а", "у".
    assert.deepEqual(await search('\u0441afe'), [])
    assert.deepEqual(await search('c\u0430f\u0435'), [])
    assert.deepEqual(await search('m\u0443g'), [])
  })

  test('takes punctuation and query syntax as word breaks, never as syntax', async ({
    client,
    assert,
  }) => {
    const { shop } = await sellerWithShop()
    const kettle = await productOf(shop, { name: 'Zorblax kettle', description: 'snake_case' })
    const before = await db.from('products').count('* as total')

    for (const q of [
      '"zorblax"',
      'zorblax*',
      '-zorblax',
      '(zorblax)',
      'zorblax:',
      "'zorblax'",
      '\\zorblax',
      'zorblax\\',
      'zorblax"',
      '^zorblax',
      '{zorblax}',
      'zorblax:*',
      "zorblax'&|!",
      '"zorblax" "kettle"',
      'kettle.zorblax',
      '\u0000zorblax',
      'snake_case',
      'snake-case zorblax',
      'zorblax <-> kettle',
    ]) {
      const response = await client.get('/api/v1/products').qs({ q })
      response.assertStatus(200)
      assert.deepEqual(idsOf(response.body()), [kettle.id], q)
    }

    // Operators are ordinary words, and every word is needed.
    for (const q of [
      'zorblax OR teapot',
      'zorblax AND kettle',
      'zorblax NOT kettle',
      'NEAR(zorblax kettle)',
      'name:zorblax',
      'description : kettle',
      "zorblax'); drop table products; --",
    ]) {
      const response = await client.get('/api/v1/products').qs({ q })
      response.assertStatus(200)
      assert.deepEqual(response.body().items, [], q)
      assert.equal(response.body().total, 0, q)
    }

    // No letter or digit at all: an empty page, not a 400 and not the whole catalog.
    for (const q of ['"', '*', '-', '(', ')', ':', "'", '\\', '""', '*:*', '%', '&|!', '…', '—']) {
      const response = await client.get('/api/v1/products').qs({ q, limit: 5, offset: 2 })
      response.assertStatus(200)
      assert.deepEqual(response.body(), { items: [], total: 0, limit: 5, offset: 2 }, q)
    }
    // A blank search is no search.
    const blank = await client.get('/api/v1/products').qs({ q: '   ' })
    assert.deepEqual(idsOf(blank.body()), [kettle.id])

    assert.deepEqual(await db.from('products').count('* as total'), before)
    assert.lengthOf(await indexRows(kettle.id), 1)
  })

  test('refuses a search over 100 characters, however long, with a 400', async ({
    client,
    assert,
  }) => {
    await productOnSale({ name: 'Zorblax kettle', description: 'Steel' })
    // 10 KB, under the server's 16 KB limit on a request's head (beyond it, Node answers 431).
    for (const q of [
      'z'.repeat(101),
      'z'.repeat(10_240),
      'zorblax '.repeat(1280),
      '"*'.repeat(2000),
    ]) {
      const response = await client.get('/api/v1/products').qs({ q })
      const problem = expectProblem(assert, response, 400, 'VALIDATION_FAILED')
      assert.deepEqual(
        problem.errors?.map((error) => error.field),
        ['q']
      )
    }
    // The longest accepted: 50 one-letter words, the last one a prefix.
    const longest = await client.get('/api/v1/products').qs({ q: 'z '.repeat(49) + 'z' })
    longest.assertStatus(200)
    assert.equal(longest.body().total, 1)
  })

  test('finds only products on sale', async ({ client, assert }) => {
    const { product } = await productOnSale({ name: 'Zorblax shown', description: 'On sale' })
    const offSale = await productsOffSale()
    for (const hidden of Object.values(offSale)) {
      hidden.merge({ name: `Zorblax ${hidden.name}` })
      await hidden.save()
    }
    const response = await client.get('/api/v1/products').qs({ q: 'zorblax' })
    assert.deepEqual(idsOf(response.body()), [product.id])
    assert.equal(response.body().total, 1)
  })
})

test.group('GET /api/v1/products?q: the index follows the products', (group) => {
  searchGroup(group)

  test('a product created, renamed, re-described and deleted through the API', async ({
    client,
    assert,
  }) => {
    const { shop, authorization } = await sellerWithShop()
    const search = (q: string) => listed(client, { q })

    const created = await client
      .post('/api/v1/seller/products')
      .header('Authorization', authorization)
      .json({ shopId: shop.id, name: 'Zorblax kettle', sku: 'ZK-1', price: 12.5, stock: 3 })
    created.assertStatus(201)
    const id = created.body().id
    assert.deepEqual(await search('zorblax'), [id])

    const renamed = await client
      .put(`/api/v1/seller/products/${id}`)
      .header('Authorization', authorization)
      .json({ name: 'Quuxan teapot', description: 'Once a kettle' })
    renamed.assertStatus(200)
    assert.deepEqual(await search('zorblax'), [])
    assert.deepEqual(await search('quuxan'), [id])
    assert.deepEqual(await search('once kettle'), [id])
    assert.lengthOf(await indexRows(id), 1)

    // A change of stock or price leaves the text as it is.
    const restocked = await client
      .put(`/api/v1/seller/products/${id}`)
      .header('Authorization', authorization)
      .json({ stock: 9, price: 13 })
    restocked.assertStatus(200)
    assert.deepEqual(await search('quuxan teapot'), [id])

    const deleted = await client
      .delete(`/api/v1/seller/products/${id}`)
      .header('Authorization', authorization)
    deleted.assertStatus(200)
    assert.deepEqual(await search('quuxan'), [])
  })

  test('a description removed no longer matches', async ({ client, assert }) => {
    const { product } = await productOnSale({ name: 'Kettle', description: 'Zorblax inside' })
    product.description = null
    await product.save()
    const response = await client.get('/api/v1/products').qs({ q: 'zorblax' })
    assert.deepEqual(response.body().items, [])
    assert.lengthOf(await indexRows(product.id), 1)
  })
})

test.group('GET /api/v1/products: filters', (group) => {
  searchGroup(group)

  test('minPrice and maxPrice are inclusive amounts, with or without a search', async ({
    client,
    assert,
  }) => {
    const { shop } = await sellerWithShop()
    const cheap = await productOf(shop, { name: 'Zorblax a', description: 'x', priceCents: 999 })
    const ten = await productOf(shop, { name: 'Zorblax b', description: 'x', priceCents: 1000 })
    const tenFifty = await productOf(shop, {
      name: 'Zorblax c',
      description: 'x',
      priceCents: 1050,
    })
    const dear = await productOf(shop, { name: 'Other', description: 'x', priceCents: 1051 })

    const list = (qs: Record<string, string>) => listed(client, { ...qs, sort: 'price' })
    assert.deepEqual(await list({ minPrice: '10' }), [ten.id, tenFifty.id, dear.id])
    assert.deepEqual(await list({ maxPrice: '10.5' }), [cheap.id, ten.id, tenFifty.id])
    assert.deepEqual(await list({ minPrice: '10.00', maxPrice: '10.50' }), [ten.id, tenFifty.id])
    assert.deepEqual(await list({ minPrice: '10.5', maxPrice: '10.5' }), [tenFifty.id])
    assert.deepEqual(await list({ minPrice: '9.99', q: 'zorblax' }), [
      cheap.id,
      ten.id,
      tenFifty.id,
    ])
    assert.deepEqual(await list({ minPrice: '0', maxPrice: '1000000' }), [
      cheap.id,
      ten.id,
      tenFifty.id,
      dear.id,
    ])
  })

  test('inStock keeps the products in stock, or out of stock', async ({ client, assert }) => {
    const { shop } = await sellerWithShop()
    const stocked = await productOf(shop, { name: 'Zorblax a', description: 'x', stock: 1 })
    const soldOut = await productOf(shop, { name: 'Zorblax b', description: 'x', stock: 0 })

    for (const [value, expected] of [
      ['true', [stocked.id]],
      ['1', [stocked.id]],
      ['false', [soldOut.id]],
      ['0', [soldOut.id]],
    ] as const) {
      const plain = await client.get('/api/v1/products').qs({ inStock: value })
      assert.deepEqual(idsOf(plain.body()), expected, value)
      const searched = await client.get('/api/v1/products').qs({ inStock: value, q: 'zorblax' })
      assert.deepEqual(idsOf(searched.body()), expected, value)
    }
  })

  test('shopId and categoryId apply to a search', async ({ client, assert }) => {
    const { shop } = await sellerWithShop()
    const filed = await productOf(shop, { name: 'Zorblax a', description: 'x' })
    const unfiled = await productOf(shop, { name: 'Zorblax b', description: 'x' })
    const { product: elsewhere } = await productOnSale({ name: 'Zorblax c', description: 'x' })
    const category = await Category.create({ name: 'Kitchen', slug: 'kitchen', parentId: null })
    await db.table('product_categories').insert({ product_id: filed.id, category_id: category.id })

    const byShop = await client.get('/api/v1/products').qs({ q: 'zorblax', shopId: shop.id })
    assert.sameMembers(idsOf(byShop.body()), [filed.id, unfiled.id])
    assert.equal(byShop.body().total, 2)
    const byCategory = await client
      .get('/api/v1/products')
      .qs({ q: 'zorblax', categoryId: category.id })
    assert.deepEqual(idsOf(byCategory.body()), [filed.id])
    const all = await client.get('/api/v1/products').qs({ q: 'zorblax' })
    assert.sameMembers(idsOf(all.body()), [filed.id, unfiled.id, elsewhere.id])
  })
})

test.group('GET /api/v1/products: sorting and paging', (group) => {
  searchGroup(group)

  test('sorts by price either way or newest, with the former names as aliases', async ({
    client,
    assert,
  }) => {
    const { shop } = await sellerWithShop()
    const cheapOld = await productOf(shop, {
      name: 'Zorblax',
      description: 'x',
      priceCents: 100,
      createdAt: minutesAgo(30),
    })
    const dearMid = await productOf(shop, {
      name: 'Mug',
      description: 'zorblax',
      priceCents: 900,
      createdAt: minutesAgo(20),
    })
    const midNew = await productOf(shop, {
      name: 'Jug',
      description: 'zorblax',
      priceCents: 500,
      createdAt: minutesAgo(10),
    })

    for (const q of [undefined, 'zorblax']) {
      const sorted = (sort: string) => listed(client, q ? { q, sort } : { sort })
      const cheapestFirst = [cheapOld.id, midNew.id, dearMid.id]
      const dearestFirst = [dearMid.id, midNew.id, cheapOld.id]
      assert.deepEqual(await sorted('price'), cheapestFirst)
      assert.deepEqual(await sorted('price_asc'), cheapestFirst)
      assert.deepEqual(await sorted('-price'), dearestFirst)
      assert.deepEqual(await sorted('price_desc'), dearestFirst)
      assert.deepEqual(await sorted('newest'), [midNew.id, dearMid.id, cheapOld.id])
    }
    // Relevance without a search is newest first.
    const relevance = await client.get('/api/v1/products').qs({ sort: 'relevance' })
    assert.deepEqual(idsOf(relevance.body()), [midNew.id, dearMid.id, cheapOld.id])
    // With one, the name match first, then ties newest first.
    const ranked = await client.get('/api/v1/products').qs({ q: 'zorblax' })
    assert.deepEqual(idsOf(ranked.body()), [cheapOld.id, midNew.id, dearMid.id])
  })

  test('pages of equal matches never overlap: ties are broken by id', async ({
    client,
    assert,
  }) => {
    const { shop } = await sellerWithShop()
    const sameInstant = DateTime.now().minus({ minutes: 1 }).startOf('second')
    const made = []
    for (let index = 0; index < 7; index++) {
      made.push(
        await productOf(shop, {
          name: 'Zorblax kettle',
          description: 'Steel',
          priceCents: 1000,
          createdAt: sameInstant,
        })
      )
    }
    const byId = made.map((product) => product.id).sort()

    for (const sort of ['relevance', 'price', '-price', 'newest']) {
      const seen: string[] = []
      for (let offset = 0; offset < 9; offset += 3) {
        const response = await client
          .get('/api/v1/products')
          .qs({ q: 'zorblax', sort, limit: 3, offset })
        assert.equal(response.body().total, 7)
        assert.equal(response.body().offset, offset)
        seen.push(...idsOf(response.body()))
      }
      assert.deepEqual(seen, byId, sort)
    }
  })
})

test.group('GET /api/v1/products: invalid parameters', (group) => {
  searchGroup(group)

  test('answers 400 naming the field, and changes nothing', async ({ client, assert }) => {
    const { product } = await productOnSale({ name: 'Zorblax', description: 'x' })
    for (const [query, field] of [
      ['minPrice=abc', 'minPrice'],
      ['minPrice=-1', 'minPrice'],
      ['minPrice=', 'minPrice'],
      ['minPrice=10.555', 'minPrice'],
      ['minPrice=0x10', 'minPrice'],
      ['minPrice=1e3', 'minPrice'],
      ['minPrice=1000000.01', 'minPrice'],
      ['maxPrice=Infinity', 'maxPrice'],
      ['maxPrice=10,5', 'maxPrice'],
      ['minPrice=10&maxPrice=9.99', 'maxPrice'],
      ['minPrice=1&minPrice=2', 'minPrice'],
      ['inStock=yes', 'inStock'],
      ['inStock=', 'inStock'],
      ['sort=rank', 'sort'],
      ['sort=PRICE', 'sort'],
      ['sort=+price', 'sort'],
      ['categoryId=kitchen', 'categoryId'],
      [`q=${'%22'.repeat(4000)}`, 'q'],
    ]) {
      const response = await client.get(`/api/v1/products?${query}`)
      const problem = expectProblem(assert, response, 400, 'VALIDATION_FAILED')
      assert.deepEqual(
        problem.errors?.map((error) => error.field),
        [field],
        query
      )
    }
    await product.refresh()
    assert.equal(product.name, 'Zorblax')
    assert.lengthOf(await indexRows(product.id), 1)
  })
})
