import { createHash } from 'node:crypto'
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import env from '#start/env'
import { actor, makeUser } from '#tests/helpers/actors'
import { expectEnvelopeError, expectProblem } from '#tests/helpers/responses'
import { allBut, expectRoleMatrix } from '#tests/helpers/role_matrix'
import { eachInTransaction } from '#tests/helpers/transactions'
import { spawnInstance } from '#tests/helpers/instances'
import { UserType } from '#enums/user_type'
import ApiKey from '#models/api_key'
import { ApiKeyService } from '#services/integrations/api_key_service'
import { actorOf } from '#support/actor'
import { placedCheckout } from '#tests/functional/orders/support'

const BASE = '/api/v1/admin/api-keys'
const UNKNOWN_ID = '7c9e6679-7425-40de-944b-e07fc1f90ae7'

test.group('API keys: who may call', (group) => {
  eachInTransaction(group, ApiKey)

  test('every route needs an admin token', async ({ client, assert }) => {
    await expectRoleMatrix(
      assert,
      [
        () => client.get(BASE),
        () => client.post(BASE).json({ name: 'ERP', scopes: ['orders:read'] }),
        () => client.delete(`${BASE}/${UNKNOWN_ID}`),
      ],
      { refused: allBut(UserType.ADMIN, UserType.SUPER_ADMIN) }
    )
    assert.lengthOf(await db.from('api_keys'), 0)
  })
})

test.group('API keys: management', (group) => {
  eachInTransaction(group, ApiKey)

  test('a key is answered once, stored as its SHA-256 with a visible prefix', async ({
    client,
    assert,
  }) => {
    const { user, authorization } = await actor(UserType.ADMIN)
    const response = await client
      .post(BASE)
      .header('Authorization', authorization)
      .json({ name: ' ERP ', scopes: ['orders:read', 'orders:read', 'catalog:read'] })
    response.assertStatus(201)
    const body = response.body()
    assert.match(body.key, /^sk_live_[A-Za-z0-9_-]{43}$/)
    assert.containsSubset(body, {
      name: 'ERP',
      scopes: ['orders:read', 'catalog:read'],
      createdBy: user.id,
      lastUsedAt: null,
      revokedAt: null,
    })
    assert.equal(body.prefix, body.key.slice(0, 16))
    const row = await db.from('api_keys').where('id', body.id).firstOrFail()
    assert.equal(row.token_hash, createHash('sha256').update(body.key).digest('hex'))
    assert.notInclude(JSON.stringify(row), body.key)

    const listed = await client.get(BASE).header('Authorization', authorization)
    listed.assertStatus(200)
    assert.equal(listed.body().total, 1)
    assert.notInclude(JSON.stringify(listed.body()), body.key)
    assert.notProperty(listed.body().items[0], 'key')
    const audit = await db.from('admin_actions').where('target_id', body.id)
    assert.deepEqual(
      audit.map((entry) => entry.action),
      ['api_key.created']
    )
  })

  test('invalid input is a 400 and stores nothing; an unknown key is a 404', async ({
    client,
    assert,
  }) => {
    const { authorization } = await actor(UserType.ADMIN)
    for (const [input, field] of [
      [{ scopes: ['orders:read'] }, 'name'],
      [{ name: '', scopes: ['orders:read'] }, 'name'],
      [{ name: 'x'.repeat(101), scopes: ['orders:read'] }, 'name'],
      [{ name: 'ERP' }, 'scopes'],
      [{ name: 'ERP', scopes: [] }, 'scopes'],
      [{ name: 'ERP', scopes: ['account:write'] }, 'scopes.0'],
    ] as const) {
      const response = await client.post(BASE).header('Authorization', authorization).json(input)
      const problem = expectProblem(assert, response, 400, 'VALIDATION_FAILED')
      assert.include(
        problem.errors!.map((error) => error.field),
        field
      )
    }
    assert.lengthOf(await db.from('api_keys'), 0)
    expectProblem(
      assert,
      await client.delete(`${BASE}/${UNKNOWN_ID}`).header('Authorization', authorization),
      404,
      'API_KEY_NOT_FOUND'
    )
  })
})

test.group('API keys: what a key reaches', (group) => {
  eachInTransaction(group, ApiKey)

  async function keyWith(scopes: ApiKey['scopes'], type: UserType = UserType.ADMIN) {
    const admin = await makeUser(type)
    const keys = await app.container.make(ApiKeyService)
    const { apiKey, key } = await keys.create(actorOf(admin), { name: 'ERP', scopes })
    return { admin, apiKey, authorization: `Bearer ${key}` }
  }

  test('orders:read reads admin orders but cannot write them', async ({ client, assert }) => {
    const { orders } = await placedCheckout()
    const { apiKey, authorization } = await keyWith(['orders:read'])
    const list = await client.get('/api/v1/admin/orders').header('Authorization', authorization)
    list.assertStatus(200)
    assert.equal(list.body().total, 2)
    const one = await client
      .get(`/api/v1/admin/orders/${orders[0].id}`)
      .header('Authorization', authorization)
    one.assertStatus(200)

    const write = await client
      .put(`/api/v1/admin/orders/${orders[0].id}/status`)
      .header('Authorization', authorization)
      .json({ status: 'CONFIRMED' })
    expectProblem(assert, write, 403, 'API_KEY_SCOPE_MISSING')
    const row = await db.from('orders').where('id', orders[0].id).firstOrFail()
    assert.equal(row.status, 'PENDING')
    const shops = await client.get('/api/v1/admin/shops').header('Authorization', authorization)
    expectProblem(assert, shops, 403, 'API_KEY_SCOPE_MISSING')

    const used = await ApiKey.findOrFail(apiKey.id)
    assert.isNotNull(used.lastUsedAt)
  })

  test('orders:write changes a status, recorded as the key’s administrator', async ({
    client,
    assert,
  }) => {
    const { orders } = await placedCheckout()
    const { admin, authorization } = await keyWith(['orders:write'])
    const response = await client
      .put(`/api/v1/admin/orders/${orders[0].id}/status`)
      .header('Authorization', authorization)
      .json({ status: 'CONFIRMED' })
    response.assertStatus(200)
    assert.equal(response.body().status, 'CONFIRMED')
    const audit = await db
      .from('admin_actions')
      .where('target_id', orders[0].id)
      .where('action', 'order.status_changed')
      .firstOrFail()
    assert.equal(audit.actor_id, admin.id)
  })

  test('a key never reaches account, seller, integration or console routes', async ({
    client,
    assert,
  }) => {
    const { authorization } = await keyWith([
      'orders:read',
      'orders:write',
      'catalog:read',
      'catalog:write',
      'payouts:read',
    ])
    expectEnvelopeError(
      assert,
      await client.post('/auth/logout').header('Authorization', authorization),
      403,
      'API_KEY_NOT_ACCEPTED'
    )
    for (const call of [
      () => client.get('/api/v1/seller/orders'),
      () => client.get('/api/v1/orders'),
      () => client.get('/api/v1/admin/webhooks'),
      () => client.get(BASE),
      () => client.post(BASE).json({ name: 'escalate', scopes: ['orders:write'] }),
    ]) {
      expectProblem(
        assert,
        await call().header('Authorization', authorization),
        403,
        'API_KEY_NOT_ACCEPTED'
      )
    }
    const console = await client.get('/admin').header('Authorization', authorization).redirects(0)
    assert.equal(console.status(), 302)
    assert.include(console.header('location'), '/admin/login')
    assert.lengthOf(await db.from('api_keys'), 1)
  })

  test('an unknown or revoked key, or one whose admin left, is a 401', async ({
    client,
    assert,
  }) => {
    const revoked = await keyWith(['orders:read'])
    const admin = await actor(UserType.ADMIN)
    const response = await client
      .delete(`${BASE}/${revoked.apiKey.id}`)
      .header('Authorization', admin.authorization)
    response.assertStatus(200)
    assert.isNotNull(response.body().revokedAt)
    const again = await client
      .delete(`${BASE}/${revoked.apiKey.id}`)
      .header('Authorization', admin.authorization)
    again.assertStatus(200)
    assert.equal(again.body().revokedAt, response.body().revokedAt)

    const deactivated = await keyWith(['orders:read'])
    await db.from('users').where('id', deactivated.admin.id).update({ is_active: false })
    const demoted = await keyWith(['orders:read'])
    await db.from('users').where('id', demoted.admin.id).update({ user_type: 'SELLER' })

    for (const authorization of [
      revoked.authorization,
      deactivated.authorization,
      demoted.authorization,
      'Bearer sk_live_unknown',
    ]) {
      expectProblem(
        assert,
        await client.get('/api/v1/admin/orders').header('Authorization', authorization),
        401,
        'API_KEY_INVALID'
      )
    }
  })
})

test.group('API keys: revocation on another instance', () => {
  test('a key revoked here is refused at once by a second instance', async ({
    client,
    assert,
    cleanup,
  }) => {
    const admin = await makeUser(UserType.ADMIN)
    const keys = await app.container.make(ApiKeyService)
    const { apiKey, key } = await keys.create(actorOf(admin), {
      name: 'ERP',
      scopes: ['orders:read'],
    })
    cleanup(async () => {
      await db.from('api_keys').where('id', apiKey.id).delete()
      await db.from('admin_actions').where('actor_id', admin.id).delete()
      await db.from('users').where('id', admin.id).delete()
    })
    const onPostgres = db.connection().dialect.name === 'postgres'
    const second = await spawnInstance({
      name: 'second',
      env: {
        NODE_ENV: 'development',
        APP_KEY: env.get('APP_KEY').release(),
        JWT_SECRET: env.get('JWT_SECRET').release(),
        MAIL_WORKER: 'false',
        LOG_LEVEL: 'error',
        ...(onPostgres
          ? { DB_CONNECTION: 'pg', DATABASE_URL: process.env.DATABASE_URL ?? '' }
          : { DB_CONNECTION: 'sqlite', DB_PATH: app.makePath(env.get('DB_PATH')!) }),
        ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
      },
    })
    cleanup(() => second.stop().then(() => undefined))
    await second.healthy

    const read = () =>
      fetch(`${second.url}/api/v1/admin/orders`, { headers: { authorization: `Bearer ${key}` } })
    const before = await read()
    assert.equal(before.status, 200)

    const revoker = await actor(UserType.SUPER_ADMIN)
    cleanup(async () => {
      await db.from('admin_actions').where('actor_id', revoker.user.id).delete()
      await db.from('users').where('id', revoker.user.id).delete()
    })
    const revoked = await client
      .delete(`${BASE}/${apiKey.id}`)
      .header('Authorization', revoker.authorization)
    revoked.assertStatus(200)
    const refused = await read()
    assert.equal(refused.status, 401)
    const problem = (await refused.json()) as { code: string }
    assert.equal(problem.code, 'API_KEY_INVALID')
  })
})
