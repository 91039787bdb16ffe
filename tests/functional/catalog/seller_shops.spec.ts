import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { actor } from '#tests/helpers/actors'
import { expectProblem } from '#tests/helpers/responses'
import { UserType } from '#enums/user_type'
import { ShopStatus } from '#enums/shop_status'
import { ShopFactory } from '#database/factories/shop_factory'
import { minutesAgo, sellerWithShop } from '#tests/functional/catalog/support'
import { allBut, expectRoleMatrix } from '#tests/helpers/role_matrix'
import { eachInTransaction } from '#tests/helpers/transactions'

const fieldsOf = (body: { errors?: Array<{ field: string }> }) =>
  (body.errors ?? []).map((error) => error.field)

test.group('POST /api/v1/seller/shops', (group) => {
  eachInTransaction(group)

  test('needs a token', async ({ client, assert }) => {
    const response = await client.post('/api/v1/seller/shops').json({ name: 'Corner' })
    expectProblem(assert, response, 401, 'UNAUTHORIZED')
  })

  test('is for sellers only', async ({ client, assert }) => {
    const refused = await expectRoleMatrix(
      assert,
      [() => client.post('/api/v1/seller/shops').json({ name: 'Corner' })],
      { refused: allBut(UserType.SELLER), anonymous: false }
    )
    const refusedIds = refused.map((user) => user.id)
    assert.lengthOf(await db.from('shops').whereIn('seller_id', refusedIds), 0)
  })

  test('refuses a missing, blank or over-long name with field errors', async ({
    client,
    assert,
  }) => {
    const { user, authorization } = await actor(UserType.SELLER)
    for (const body of [
      {},
      { name: '   ' },
      { name: 'x'.repeat(121) },
      { name: 'Corner', description: 'd'.repeat(2001) },
      { name: 42 },
    ]) {
      const response = await client
        .post('/api/v1/seller/shops')
        .header('Authorization', authorization)
        .json(body)
      const problem = expectProblem(assert, response, 400, 'VALIDATION_FAILED')
      assert.isNotEmpty(problem.errors, JSON.stringify(body))
    }
    assert.lengthOf(await db.from('shops').where('seller_id', user.id), 0)
  })

  test('opens a PENDING shop owned by the seller', async ({ client, assert }) => {
    const { user, authorization } = await actor(UserType.SELLER)
    const response = await client
      .post('/api/v1/seller/shops')
      .header('Authorization', authorization)
      .json({ name: '  Corner Store ', description: 'Fresh fruit', status: 'APPROVED' })

    response.assertStatus(201)
    const shop = response.body()
    assert.containsSubset(shop, {
      name: 'Corner Store',
      description: 'Fresh fruit',
      status: 'PENDING',
      sellerId: user.id,
    })
    assert.match(shop.id, /^[0-9a-f-]{36}$/)
    assert.match(shop.createdAt, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
    assert.match(shop.updatedAt, /Z$/)

    const row = await db.from('shops').where('id', shop.id).firstOrFail()
    assert.equal(row.seller_id, user.id)
    assert.equal(row.status, ShopStatus.PENDING)
    assert.equal(row.name, 'Corner Store')
  })

  test('stores an empty description as null', async ({ client, assert }) => {
    const { authorization } = await actor(UserType.SELLER)
    const response = await client
      .post('/api/v1/seller/shops')
      .header('Authorization', authorization)
      .json({ name: 'Corner', description: '  ' })
    response.assertStatus(201)
    assert.isNull(response.body().description)
  })
})

test.group('GET /api/v1/seller/shops', (group) => {
  eachInTransaction(group)

  test('needs a seller token', async ({ client, assert }) => {
    expectProblem(assert, await client.get('/api/v1/seller/shops'), 401, 'UNAUTHORIZED')
    const { authorization } = await actor(UserType.CUSTOMER)
    const response = await client.get('/api/v1/seller/shops').header('Authorization', authorization)
    expectProblem(assert, response, 403, 'FORBIDDEN')
  })

  test("lists only the seller's own shops, newest first", async ({ client, assert }) => {
    const { user, authorization } = await actor(UserType.SELLER)
    const older = await ShopFactory.merge({ sellerId: user.id, createdAt: minutesAgo(5) }).create()
    const newer = await ShopFactory.merge({
      sellerId: user.id,
      status: ShopStatus.PENDING,
      createdAt: minutesAgo(1),
    }).create()
    await sellerWithShop()

    const response = await client.get('/api/v1/seller/shops').header('Authorization', authorization)
    response.assertStatus(200)
    const body = response.body()
    assert.equal(body.total, 2)
    assert.equal(body.limit, 20)
    assert.equal(body.offset, 0)
    assert.deepEqual(
      body.items.map((shop: { id: string }) => shop.id),
      [newer.id, older.id]
    )
  })

  test('pages with limit and offset', async ({ client, assert }) => {
    const { user, authorization } = await actor(UserType.SELLER)
    for (const minutes of [3, 2, 1]) {
      await ShopFactory.merge({ sellerId: user.id, createdAt: minutesAgo(minutes) }).create()
    }
    const response = await client
      .get('/api/v1/seller/shops')
      .qs({ limit: 2, offset: 2 })
      .header('Authorization', authorization)
    response.assertStatus(200)
    assert.equal(response.body().total, 3)
    assert.lengthOf(response.body().items, 1)
    assert.equal(response.body().limit, 2)
    assert.equal(response.body().offset, 2)
  })

  test('refuses out-of-range paging', async ({ client, assert }) => {
    const { authorization } = await actor(UserType.SELLER)
    for (const query of ['limit=0', 'limit=101', 'limit=-1', 'limit=abc', 'offset=-1']) {
      const response = await client
        .get(`/api/v1/seller/shops?${query}`)
        .header('Authorization', authorization)
      const problem = expectProblem(assert, response, 400, 'VALIDATION_FAILED')
      assert.includeMembers(fieldsOf(problem), [query.split('=')[0]])
    }
  })
})

test.group('PUT /api/v1/seller/shops/{id}', (group) => {
  eachInTransaction(group)

  test('needs a seller token', async ({ client, assert }) => {
    const { shop } = await sellerWithShop()
    const anonymous = await client.put(`/api/v1/seller/shops/${shop.id}`).json({ name: 'X' })
    expectProblem(assert, anonymous, 401, 'UNAUTHORIZED')
    const { authorization } = await actor(UserType.CUSTOMER)
    const customer = await client
      .put(`/api/v1/seller/shops/${shop.id}`)
      .header('Authorization', authorization)
      .json({ name: 'X' })
    expectProblem(assert, customer, 403, 'FORBIDDEN')
  })

  test("answers 404 for another seller's shop and leaves it alone", async ({ client, assert }) => {
    const owner = await sellerWithShop()
    const { authorization } = await actor(UserType.SELLER)
    const response = await client
      .put(`/api/v1/seller/shops/${owner.shop.id}`)
      .header('Authorization', authorization)
      .json({ name: 'Hijacked' })
    expectProblem(assert, response, 404, 'SHOP_NOT_FOUND')
    const row = await db.from('shops').where('id', owner.shop.id).firstOrFail()
    assert.equal(row.name, owner.shop.name)
  })

  test('answers 404 for an unknown or malformed id', async ({ client, assert }) => {
    const { authorization } = await actor(UserType.SELLER)
    const unknown = await client
      .put('/api/v1/seller/shops/7c9e6679-7425-40de-944b-e07fc1f90ae7')
      .header('Authorization', authorization)
      .json({ name: 'X' })
    expectProblem(assert, unknown, 404, 'SHOP_NOT_FOUND')
    const malformed = await client
      .put('/api/v1/seller/shops/not-a-uuid')
      .header('Authorization', authorization)
      .json({ name: 'X' })
    expectProblem(assert, malformed, 404, 'ROUTE_NOT_FOUND')
  })

  test('refuses invalid fields', async ({ client, assert }) => {
    const { shop, authorization } = await sellerWithShop()
    const response = await client
      .put(`/api/v1/seller/shops/${shop.id}`)
      .header('Authorization', authorization)
      .json({ name: '', description: 5 })
    const problem = expectProblem(assert, response, 400, 'VALIDATION_FAILED')
    assert.includeMembers(fieldsOf(problem), ['name', 'description'])
  })

  test('changes only the given fields and never the status', async ({ client, assert }) => {
    const { shop, authorization } = await sellerWithShop(ShopStatus.PENDING)
    const renamed = await client
      .put(`/api/v1/seller/shops/${shop.id}`)
      .header('Authorization', authorization)
      .json({ name: 'Renamed', status: 'APPROVED' })
    renamed.assertStatus(200)
    assert.containsSubset(renamed.body(), {
      id: shop.id,
      name: 'Renamed',
      description: shop.description,
      status: 'PENDING',
    })

    const cleared = await client
      .put(`/api/v1/seller/shops/${shop.id}`)
      .header('Authorization', authorization)
      .json({ description: null })
    cleared.assertStatus(200)
    assert.isNull(cleared.body().description)

    const row = await db.from('shops').where('id', shop.id).firstOrFail()
    assert.equal(row.name, 'Renamed')
    assert.isNull(row.description)
    assert.equal(row.status, ShopStatus.PENDING)
  })
})
