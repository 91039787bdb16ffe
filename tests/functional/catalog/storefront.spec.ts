import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { actor } from '#tests/helpers/actors'
import { expectEnvelopeError, expectProblem } from '#tests/helpers/responses'
import { UserType } from '#enums/user_type'
import { ShopStatus } from '#enums/shop_status'
import { eachInTransaction } from '#tests/helpers/transactions'
import { sellerWithShop } from '#tests/functional/catalog/support'

const UNKNOWN_ID = '7c9e6679-7425-40de-944b-e07fc1f90ae7'

test.group('GET /api/v1/shops and /api/v1/shops/{id}', (group) => {
  eachInTransaction(group)

  test('shows approved shops only, by name, without a token or an owner', async ({
    client,
    assert,
  }) => {
    const zed = await sellerWithShop()
    await zed.shop.merge({ name: 'Zed goods' }).save()
    const abc = await sellerWithShop()
    await abc.shop.merge({ name: 'Abc goods', description: 'Letters' }).save()
    await sellerWithShop(ShopStatus.PENDING)
    await sellerWithShop(ShopStatus.SUSPENDED)
    const demoted = await sellerWithShop()
    await db.from('users').where('id', demoted.user.id).update({ is_active: false })

    // As stored: SQLite keeps whole seconds.
    await abc.shop.refresh()
    const response = await client.get('/api/v1/shops')
    response.assertStatus(200)
    assert.equal(response.body().total, 2)
    assert.deepEqual(response.body().items[0], {
      id: abc.shop.id,
      name: 'Abc goods',
      description: 'Letters',
      createdAt: abc.shop.createdAt.toUTC().toISO(),
    })
    assert.equal(response.body().items[1].id, zed.shop.id)

    const one = await client.get(`/api/v1/shops/${abc.shop.id}`)
    one.assertStatus(200)
    assert.deepEqual(one.body(), response.body().items[0])
  })

  test('a shop not on sale, unknown or malformed is a 404', async ({ client, assert }) => {
    const pending = await sellerWithShop(ShopStatus.PENDING)
    const suspended = await sellerWithShop(ShopStatus.SUSPENDED)
    for (const id of [pending.shop.id, suspended.shop.id, UNKNOWN_ID]) {
      expectProblem(assert, await client.get(`/api/v1/shops/${id}`), 404, 'SHOP_NOT_FOUND')
    }
    const malformed = await client.get('/api/v1/shops/not-a-uuid')
    malformed.assertStatus(404)
  })

  test('refuses bad paging', async ({ client, assert }) => {
    for (const qs of [{ limit: 0 }, { limit: 101 }, { offset: -1 }, { limit: 'x' }]) {
      expectProblem(assert, await client.get('/api/v1/shops').qs(qs), 400, 'VALIDATION_FAILED')
    }
  })
})

test.group('GET /auth/me', (group) => {
  eachInTransaction(group)

  test('needs a token', async ({ client, assert }) => {
    expectEnvelopeError(assert, await client.get('/auth/me'), 401, 'UNAUTHORIZED')
    const garbage = await client.get('/auth/me').header('Authorization', 'Bearer nope')
    expectEnvelopeError(assert, garbage, 401, 'INVALID_TOKEN')
  })

  test("answers the token's own account, for every type", async ({ client, assert }) => {
    const cases: Array<[UserType, string]> = [
      [UserType.CUSTOMER, 'customer'],
      [UserType.SELLER, 'seller'],
      [UserType.ADMIN, 'admin'],
      [UserType.SUPER_ADMIN, 'admin'],
    ]
    for (const [type, userType] of cases) {
      const { user, authorization } = await actor(type)
      await user.refresh()
      const response = await client.get('/auth/me').header('Authorization', authorization)
      response.assertStatus(200)
      assert.equal(response.header('cache-control'), 'no-store')
      assert.deepEqual(response.body().data, {
        id: user.id,
        email: user.email,
        userType,
        emailVerified: user.emailVerifiedAt !== null,
        createdAt: user.createdAt.toUTC().toISO(),
      })
    }
  })

  test('shows whether the address is verified', async ({ client, assert }) => {
    const unverified = await actor(UserType.CUSTOMER, { emailVerifiedAt: null })
    const verified = await actor(UserType.CUSTOMER, { emailVerifiedAt: DateTime.now() })
    const first = await client.get('/auth/me').header('Authorization', unverified.authorization)
    const second = await client.get('/auth/me').header('Authorization', verified.authorization)
    assert.isFalse(first.body().data.emailVerified)
    assert.isTrue(second.body().data.emailVerified)
  })

  test('a deactivated account is refused', async ({ client, assert }) => {
    const { user, authorization } = await actor(UserType.CUSTOMER)
    await db.from('users').where('id', user.id).update({ is_active: false })
    const response = await client.get('/auth/me').header('Authorization', authorization)
    assert.oneOf(response.status(), [401, 403])
    assert.isFalse(response.body().isSuccess)
  })
})
