import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { actor } from '#tests/helpers/actors'
import { expectProblem } from '#tests/helpers/responses'
import { UserType } from '#enums/user_type'
import { allBut, expectRoleMatrix } from '#tests/helpers/role_matrix'
import { eachInTransaction } from '#tests/helpers/transactions'
import Category from '#models/category'
import { productOf, sellerWithShop } from '#tests/functional/catalog/support'

const BASE = '/api/v1/admin/categories'
const UNKNOWN_ID = '7c9e6679-7425-40de-944b-e07fc1f90ae7'

const fieldsOf = (body: { errors?: Array<{ field: string }> }) =>
  (body.errors ?? []).map((error) => error.field).sort()

function category(slug: string, parentId: string | null = null) {
  return Category.create({ name: slug.toUpperCase(), slug, parentId })
}

async function adminActions(targetId: string) {
  return db.from('admin_actions').where('target_id', targetId).orderBy('created_at', 'asc')
}

test.group('Categories: who may call', (group) => {
  eachInTransaction(group)

  test('every admin route needs an admin token', async ({ client, assert }) => {
    const existing = await category('kept')
    const routes = [
      () => client.get(BASE),
      () => client.post(BASE).json({ name: 'Shoes', slug: 'shoes' }),
      () => client.put(`${BASE}/${existing.id}`).json({ name: 'Renamed' }),
      () => client.delete(`${BASE}/${existing.id}`),
    ]
    await expectRoleMatrix(assert, routes, {
      refused: allBut(UserType.ADMIN, UserType.SUPER_ADMIN),
    })
    const rows = await db.from('categories')
    assert.lengthOf(rows, 1)
    assert.equal(rows[0].name, 'KEPT')
    assert.lengthOf(await db.from('admin_actions').where('target_type', 'category'), 0)
  })

  test('the public tree needs no token', async ({ client }) => {
    const response = await client.get('/api/v1/categories')
    response.assertStatus(200)
    response.assertBody({ items: [] })
  })
})

test.group('POST /api/v1/admin/categories', (group) => {
  eachInTransaction(group)

  test('adds a root and a child, slug lower-cased, audited', async ({ client, assert }) => {
    const { authorization, user } = await actor(UserType.ADMIN)
    const root = await client
      .post(BASE)
      .header('Authorization', authorization)
      .json({ name: ' Clothing ', slug: 'Clothing' })
    root.assertStatus(201)
    assert.containsSubset(root.body(), { name: 'Clothing', slug: 'clothing', parentId: null })
    assert.deepEqual(Object.keys(root.body()).sort(), [
      'createdAt',
      'id',
      'name',
      'parentId',
      'slug',
      'updatedAt',
    ])
    const child = await client
      .post(BASE)
      .header('Authorization', authorization)
      .json({ name: 'T-shirts', slug: 't-shirts', parentId: root.body().id })
    child.assertStatus(201)
    assert.equal(child.body().parentId, root.body().id)

    const row = await db.from('categories').where('id', child.body().id).firstOrFail()
    assert.equal(row.parent_id, root.body().id)
    const [entry] = await adminActions(root.body().id)
    assert.equal(entry.action, 'category.created')
    assert.equal(entry.actor_id, user.id)
  })

  test('a duplicate slug is a 409, whatever its case', async ({ client, assert }) => {
    await category('shoes')
    const { authorization } = await actor(UserType.ADMIN)
    for (const slug of ['shoes', 'SHOES', ' Shoes ']) {
      const response = await client
        .post(BASE)
        .header('Authorization', authorization)
        .json({ name: 'Again', slug })
      expectProblem(assert, response, 409, 'CATEGORY_SLUG_EXISTS')
    }
    assert.lengthOf(await db.from('categories'), 1)
  })

  test('look-alike Unicode, spaces, slashes and dots in a slug are refused', async ({
    client,
    assert,
  }) => {
    await category('shoes')
    const { authorization } = await actor(UserType.ADMIN)
    // Cyrillic "ѕ" and "о", a full-width "ｓ", a ligature, a path, a dot-dot, a space, doubled
    // and edge hyphens, an empty slug.
    for (const slug of [
      'ѕhоes',
      'ｓhoes',
      'ﬁlters',
      '../etc',
      'a/b',
      'a b',
      'a--b',
      '-a',
      'a-',
      '',
      's'.repeat(101),
    ]) {
      const response = await client
        .post(BASE)
        .header('Authorization', authorization)
        .json({ name: 'Look-alike', slug })
      assert.deepEqual(
        fieldsOf(expectProblem(assert, response, 400, 'VALIDATION_FAILED')),
        ['slug'],
        slug
      )
    }
    assert.lengthOf(await db.from('categories'), 1)
  })

  test('refuses missing fields, a bad parentId and an unknown parent', async ({
    client,
    assert,
  }) => {
    const { authorization } = await actor(UserType.ADMIN)
    const missing = await client.post(BASE).header('Authorization', authorization).json({})
    assert.deepEqual(fieldsOf(expectProblem(assert, missing, 400, 'VALIDATION_FAILED')), [
      'name',
      'slug',
    ])
    const bad = await client
      .post(BASE)
      .header('Authorization', authorization)
      .json({ name: 'X', slug: 'x', parentId: 'not-a-uuid' })
    assert.deepEqual(fieldsOf(expectProblem(assert, bad, 400, 'VALIDATION_FAILED')), ['parentId'])
    const unknown = await client
      .post(BASE)
      .header('Authorization', authorization)
      .json({ name: 'X', slug: 'x', parentId: UNKNOWN_ID })
    expectProblem(assert, unknown, 404, 'CATEGORY_NOT_FOUND')
    assert.lengthOf(await db.from('categories'), 0)
  })
})

test.group('PUT /api/v1/admin/categories/{id}', (group) => {
  eachInTransaction(group)

  test('renames, re-slugs and moves; audits only what changed', async ({ client, assert }) => {
    const a = await category('a')
    const b = await category('b')
    const { authorization } = await actor(UserType.ADMIN)
    const response = await client
      .put(`${BASE}/${b.id}`)
      .header('Authorization', authorization)
      .json({ name: 'Bee', slug: 'bee', parentId: a.id })
    response.assertStatus(200)
    assert.containsSubset(response.body(), { name: 'Bee', slug: 'bee', parentId: a.id })
    const [entry] = await adminActions(b.id)
    assert.equal(entry.action, 'category.updated')

    const root = await client
      .put(`${BASE}/${b.id}`)
      .header('Authorization', authorization)
      .json({ parentId: null })
    root.assertStatus(200)
    assert.isNull(root.body().parentId)
    const row = await db.from('categories').where('id', b.id).firstOrFail()
    assert.isNull(row.parent_id)
    assert.equal(row.slug, 'bee')
  })

  test('refuses a cycle: itself, its child, its grandchild', async ({ client, assert }) => {
    const a = await category('a')
    const b = await category('b', a.id)
    const c = await category('c', b.id)
    const { authorization } = await actor(UserType.ADMIN)
    for (const parentId of [a.id, b.id, c.id]) {
      const response = await client
        .put(`${BASE}/${a.id}`)
        .header('Authorization', authorization)
        .json({ parentId })
      expectProblem(assert, response, 409, 'CATEGORY_CYCLE')
    }
    const row = await db.from('categories').where('id', a.id).firstOrFail()
    assert.isNull(row.parent_id)
    assert.lengthOf(await adminActions(a.id), 0)
  })

  test('refuses a taken slug, an unknown parent, an unknown category, bad input', async ({
    client,
    assert,
  }) => {
    await category('taken')
    const mine = await category('mine')
    const { authorization } = await actor(UserType.SUPER_ADMIN)
    const taken = await client
      .put(`${BASE}/${mine.id}`)
      .header('Authorization', authorization)
      .json({ slug: 'TAKEN' })
    expectProblem(assert, taken, 409, 'CATEGORY_SLUG_EXISTS')
    const parent = await client
      .put(`${BASE}/${mine.id}`)
      .header('Authorization', authorization)
      .json({ parentId: UNKNOWN_ID })
    expectProblem(assert, parent, 404, 'CATEGORY_NOT_FOUND')
    const unknown = await client
      .put(`${BASE}/${UNKNOWN_ID}`)
      .header('Authorization', authorization)
      .json({ name: 'X' })
    expectProblem(assert, unknown, 404, 'CATEGORY_NOT_FOUND')
    const bad = await client
      .put(`${BASE}/${mine.id}`)
      .header('Authorization', authorization)
      .json({ name: '', slug: 'Ünicode' })
    assert.deepEqual(fieldsOf(expectProblem(assert, bad, 400, 'VALIDATION_FAILED')), [
      'name',
      'slug',
    ])
    const row = await db.from('categories').where('id', mine.id).firstOrFail()
    assert.equal(row.slug, 'mine')
    assert.isNull(row.parent_id)
  })
})

test.group('DELETE /api/v1/admin/categories/{id}', (group) => {
  eachInTransaction(group)

  test('deletes an empty category, audited', async ({ client, assert }) => {
    const empty = await category('empty')
    const { authorization } = await actor(UserType.ADMIN)
    const response = await client
      .delete(`${BASE}/${empty.id}`)
      .header('Authorization', authorization)
    response.assertStatus(200)
    response.assertBody({ id: empty.id, deleted: true })
    assert.lengthOf(await db.from('categories'), 0)
    const [entry] = await adminActions(empty.id)
    assert.equal(entry.action, 'category.deleted')
  })

  test('refuses one with a subcategory or a product, and an unknown one', async ({
    client,
    assert,
  }) => {
    const parent = await category('parent')
    await category('child', parent.id)
    const filed = await category('filed')
    const { shop } = await sellerWithShop()
    const product = await productOf(shop)
    await db.table('product_categories').insert({ product_id: product.id, category_id: filed.id })
    const { authorization } = await actor(UserType.ADMIN)
    for (const id of [parent.id, filed.id]) {
      const response = await client.delete(`${BASE}/${id}`).header('Authorization', authorization)
      expectProblem(assert, response, 409, 'CATEGORY_NOT_EMPTY')
    }
    const unknown = await client
      .delete(`${BASE}/${UNKNOWN_ID}`)
      .header('Authorization', authorization)
    expectProblem(assert, unknown, 404, 'CATEGORY_NOT_FOUND')
    assert.lengthOf(await db.from('categories'), 3)
    assert.lengthOf(await db.from('admin_actions').where('target_type', 'category'), 0)
  })
})

test.group('GET /api/v1/admin/categories and the public tree', (group) => {
  eachInTransaction(group)

  test('the admin list is flat by slug; the tree nests by parent', async ({ client, assert }) => {
    const shoes = await category('shoes')
    const boots = await category('boots', shoes.id)
    const hats = await category('hats')
    const { authorization } = await actor(UserType.ADMIN)
    const list = await client.get(BASE).header('Authorization', authorization)
    list.assertStatus(200)
    assert.equal(list.body().total, 3)
    assert.deepEqual(
      list.body().items.map((item: { slug: string }) => item.slug),
      ['boots', 'hats', 'shoes']
    )

    const tree = await client.get('/api/v1/categories')
    tree.assertStatus(200)
    assert.deepEqual(tree.body(), {
      items: [
        { id: hats.id, name: 'HATS', slug: 'hats', parentId: null, children: [] },
        {
          id: shoes.id,
          name: 'SHOES',
          slug: 'shoes',
          parentId: null,
          children: [
            { id: boots.id, name: 'BOOTS', slug: 'boots', parentId: shoes.id, children: [] },
          ],
        },
      ],
    })
  })
})

test.group("Products' categoryIds", (group) => {
  eachInTransaction(group)

  test('the seller files a product on create, replaces on update, the catalog filters', async ({
    client,
    assert,
  }) => {
    const shoes = await category('shoes')
    const hats = await category('hats')
    const { shop, authorization } = await sellerWithShop()
    const created = await client
      .post('/api/v1/seller/products')
      .header('Authorization', authorization)
      .json({
        shopId: shop.id,
        name: 'Boot',
        sku: 'BOOT-1',
        price: 10,
        stock: 1,
        categoryIds: [shoes.id, shoes.id.toUpperCase()],
      })
    created.assertStatus(201)
    assert.deepEqual(created.body().categoryIds, [shoes.id])
    const id = created.body().id
    await productOf(shop, { name: 'Unfiled' })

    const filtered = await client.get('/api/v1/products').qs({ categoryId: shoes.id })
    assert.deepEqual(
      filtered.body().items.map((item: { id: string }) => item.id),
      [id]
    )
    const one = await client.get(`/api/v1/products/${id}`)
    assert.deepEqual(one.body().categoryIds, [shoes.id])

    const updated = await client
      .put(`/api/v1/seller/products/${id}`)
      .header('Authorization', authorization)
      .json({ categoryIds: [hats.id, shoes.id] })
    updated.assertStatus(200)
    assert.deepEqual(updated.body().categoryIds, [hats.id, shoes.id].sort())

    const untouched = await client
      .put(`/api/v1/seller/products/${id}`)
      .header('Authorization', authorization)
      .json({ name: 'Boot 2' })
    assert.deepEqual(untouched.body().categoryIds, [hats.id, shoes.id].sort())

    const cleared = await client
      .put(`/api/v1/seller/products/${id}`)
      .header('Authorization', authorization)
      .json({ categoryIds: [] })
    assert.deepEqual(cleared.body().categoryIds, [])
    assert.lengthOf(await db.from('product_categories').where('product_id', id), 0)
  })

  test('refuses unknown or malformed categoryIds and changes nothing', async ({
    client,
    assert,
  }) => {
    const shoes = await category('shoes')
    const { shop, authorization } = await sellerWithShop()
    const product = await productOf(shop)
    await db.table('product_categories').insert({ product_id: product.id, category_id: shoes.id })

    const unknown = await client
      .put(`/api/v1/seller/products/${product.id}`)
      .header('Authorization', authorization)
      .json({ name: 'Changed', categoryIds: [UNKNOWN_ID] })
    expectProblem(assert, unknown, 422, 'UNKNOWN_CATEGORIES')
    const malformed = await client
      .put(`/api/v1/seller/products/${product.id}`)
      .header('Authorization', authorization)
      .json({ categoryIds: ['nope'] })
    expectProblem(assert, malformed, 400, 'VALIDATION_FAILED')
    const tooMany = await client
      .put(`/api/v1/seller/products/${product.id}`)
      .header('Authorization', authorization)
      .json({ categoryIds: Array.from({ length: 21 }, () => shoes.id) })
    expectProblem(assert, tooMany, 400, 'VALIDATION_FAILED')
    const created = await client
      .post('/api/v1/seller/products')
      .header('Authorization', authorization)
      .json({
        shopId: shop.id,
        name: 'N',
        sku: 'N-1',
        price: 1,
        stock: 1,
        categoryIds: [UNKNOWN_ID],
      })
    expectProblem(assert, created, 422, 'UNKNOWN_CATEGORIES')

    const row = await db.from('products').where('id', product.id).firstOrFail()
    assert.equal(row.name, product.name)
    assert.lengthOf(await db.from('product_variants').where('sku', 'N-1'), 0)
    const filings = await db.from('product_categories').where('product_id', product.id)
    assert.deepEqual(
      filings.map((filing) => filing.category_id),
      [shoes.id]
    )
  })

  test("another seller's product cannot be filed (404)", async ({ client, assert }) => {
    const shoes = await category('shoes')
    const { shop } = await sellerWithShop()
    const product = await productOf(shop)
    const other = await sellerWithShop()
    const response = await client
      .put(`/api/v1/seller/products/${product.id}`)
      .header('Authorization', other.authorization)
      .json({ categoryIds: [shoes.id] })
    expectProblem(assert, response, 404, 'PRODUCT_NOT_FOUND')
    assert.lengthOf(await db.from('product_categories'), 0)
  })

  test('deleting a product removes its filings, so its category can be removed', async ({
    client,
    assert,
  }) => {
    const shoes = await category('shoes')
    const { shop, authorization } = await sellerWithShop()
    const product = await productOf(shop)
    await db.table('product_categories').insert({ product_id: product.id, category_id: shoes.id })
    const deleted = await client
      .delete(`/api/v1/seller/products/${product.id}`)
      .header('Authorization', authorization)
    deleted.assertStatus(200)
    assert.lengthOf(await db.from('product_categories'), 0)
    const admin = await actor(UserType.ADMIN)
    const response = await client
      .delete(`${BASE}/${shoes.id}`)
      .header('Authorization', admin.authorization)
    response.assertStatus(200)
    assert.lengthOf(await db.from('categories'), 0)
  })
})
