import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { actor } from '#tests/helpers/actors'
import { expectProblem } from '#tests/helpers/responses'
import { UserType } from '#enums/user_type'
import { ShopStatus } from '#enums/shop_status'
import { minutesAgo, productOf, sellerWithShop, stored } from '#tests/functional/catalog/support'
import { allBut, expectRoleMatrix } from '#tests/helpers/role_matrix'
import { eachInTransaction } from '#tests/helpers/transactions'

const UNKNOWN_ID = '7c9e6679-7425-40de-944b-e07fc1f90ae7'

test.group('GET /api/v1/admin/shops', (group) => {
  eachInTransaction(group)

  test('needs an admin token', async ({ client, assert }) => {
    await expectRoleMatrix(assert, [() => client.get('/api/v1/admin/shops')], {
      refused: allBut(UserType.ADMIN, UserType.SUPER_ADMIN),
    })
  })

  test('lists every shop, filtered by status, newest first', async ({ client, assert }) => {
    const pending = await sellerWithShop(ShopStatus.PENDING)
    const approved = await sellerWithShop(ShopStatus.APPROVED)
    const suspended = await sellerWithShop(ShopStatus.SUSPENDED)
    await db
      .from('shops')
      .where('id', pending.shop.id)
      .update({ created_at: stored(minutesAgo(9)) })

    const { authorization } = await actor(UserType.SUPER_ADMIN)
    const all = await client.get('/api/v1/admin/shops').header('Authorization', authorization)
    all.assertStatus(200)
    assert.equal(all.body().total, 3)
    assert.equal(all.body().items.at(-1).id, pending.shop.id)
    assert.sameMembers(
      all.body().items.map((shop: { id: string }) => shop.id),
      [pending.shop.id, approved.shop.id, suspended.shop.id]
    )

    const onlyPending = await client
      .get('/api/v1/admin/shops')
      .qs({ status: 'PENDING' })
      .header('Authorization', authorization)
    onlyPending.assertStatus(200)
    assert.equal(onlyPending.body().total, 1)
    assert.containsSubset(onlyPending.body().items[0], {
      id: pending.shop.id,
      status: 'PENDING',
      sellerId: pending.user.id,
    })
  })

  test('refuses an unknown status and bad paging', async ({ client, assert }) => {
    const { authorization } = await actor(UserType.ADMIN)
    for (const query of ['status=OPEN', 'status=pending', 'limit=0', 'limit=101', 'offset=x']) {
      const response = await client
        .get(`/api/v1/admin/shops?${query}`)
        .header('Authorization', authorization)
      const problem = expectProblem(assert, response, 400, 'VALIDATION_FAILED')
      assert.equal(problem.errors?.[0].field, query.split('=')[0])
    }
  })
})

test.group('PUT /api/v1/admin/shops/{id}/approve and /suspend', (group) => {
  eachInTransaction(group)

  test('need an admin token; a customer or seller cannot approve', async ({ client, assert }) => {
    const { shop } = await sellerWithShop(ShopStatus.PENDING)
    const calls = ['approve', 'suspend'].map(
      (action) => () => client.put(`/api/v1/admin/shops/${shop.id}/${action}`)
    )
    await expectRoleMatrix(assert, calls, { refused: allBut(UserType.ADMIN, UserType.SUPER_ADMIN) })
    const row = await db.from('shops').where('id', shop.id).firstOrFail()
    assert.equal(row.status, ShopStatus.PENDING)
  })

  test('answer 404 for an unknown shop', async ({ client, assert }) => {
    const { authorization } = await actor(UserType.ADMIN)
    for (const action of ['approve', 'suspend']) {
      const response = await client
        .put(`/api/v1/admin/shops/${UNKNOWN_ID}/${action}`)
        .header('Authorization', authorization)
      expectProblem(assert, response, 404, 'SHOP_NOT_FOUND')
    }
  })

  test('approve a pending shop, which puts its products on sale', async ({ client, assert }) => {
    const { shop } = await sellerWithShop(ShopStatus.PENDING)
    const product = await productOf(shop)
    const hidden = await client.get(`/api/v1/products/${product.id}`)
    expectProblem(assert, hidden, 404, 'PRODUCT_NOT_FOUND')

    const { authorization } = await actor(UserType.ADMIN)
    const response = await client
      .put(`/api/v1/admin/shops/${shop.id}/approve`)
      .header('Authorization', authorization)
    response.assertStatus(200)
    assert.containsSubset(response.body(), { id: shop.id, status: 'APPROVED', name: shop.name })

    const row = await db.from('shops').where('id', shop.id).firstOrFail()
    assert.equal(row.status, ShopStatus.APPROVED)
    const visible = await client.get(`/api/v1/products/${product.id}`)
    visible.assertStatus(200)
  })

  test('suspend an approved shop, which takes its products off sale', async ({
    client,
    assert,
  }) => {
    const { shop } = await sellerWithShop(ShopStatus.APPROVED)
    const product = await productOf(shop)
    const { authorization } = await actor(UserType.SUPER_ADMIN)
    const response = await client
      .put(`/api/v1/admin/shops/${shop.id}/suspend`)
      .header('Authorization', authorization)
    response.assertStatus(200)
    assert.equal(response.body().status, 'SUSPENDED')
    const row = await db.from('shops').where('id', shop.id).firstOrFail()
    assert.equal(row.status, 'SUSPENDED')
    expectProblem(
      assert,
      await client.get(`/api/v1/products/${product.id}`),
      404,
      'PRODUCT_NOT_FOUND'
    )
  })

  test('reinstate a suspended shop and reject a pending one', async ({ client, assert }) => {
    const { authorization } = await actor(UserType.ADMIN)
    const suspended = await sellerWithShop(ShopStatus.SUSPENDED)
    const reinstated = await client
      .put(`/api/v1/admin/shops/${suspended.shop.id}/approve`)
      .header('Authorization', authorization)
    assert.equal(reinstated.body().status, 'APPROVED')

    const pending = await sellerWithShop(ShopStatus.PENDING)
    const rejected = await client
      .put(`/api/v1/admin/shops/${pending.shop.id}/suspend`)
      .header('Authorization', authorization)
    assert.equal(rejected.body().status, 'SUSPENDED')
  })

  test('treat a repeat as a no-op that keeps updatedAt', async ({ client, assert }) => {
    const { shop } = await sellerWithShop(ShopStatus.APPROVED)
    await db
      .from('shops')
      .where('id', shop.id)
      .update({ updated_at: stored(minutesAgo(30)) })
    const before = await db.from('shops').where('id', shop.id).firstOrFail()

    const { authorization } = await actor(UserType.ADMIN)
    const response = await client
      .put(`/api/v1/admin/shops/${shop.id}/approve`)
      .header('Authorization', authorization)
    response.assertStatus(200)
    assert.equal(response.body().status, 'APPROVED')
    const after = await db.from('shops').where('id', shop.id).firstOrFail()
    assert.equal(String(after.updated_at), String(before.updated_at))
  })
})
