import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import env from '#start/env'
import OutboxMessage from '#models/outbox_message'

test.group('GET /health', () => {
  test('answers ok with a request id when the database answers', async ({ client, assert }) => {
    const response = await client.get('/health')
    response.assertStatus(200)
    response.assertBody({ status: 'ok' })
    assert.match(response.header('x-request-id') ?? '', /^[0-9a-f-]{36}$/)
  })

  test('echoes a request id sent by the caller', async ({ client }) => {
    const response = await client.get('/health').header('X-Request-Id', 'trace-abc-123')
    response.assertHeader('x-request-id', 'trace-abc-123')
  })

  test('answers 503 when the database does not answer', async ({ client, cleanup }) => {
    // The service pings through `db.rawQuery`; shadowing it on the instance simulates an outage.
    ;(db as any).rawQuery = async () => {
      throw new Error('connection refused')
    }
    cleanup(() => {
      delete (db as any).rawQuery
    })
    const response = await client.get('/health')
    response.assertStatus(503)
    response.assertBody({ status: 'unavailable' })
  })
})

test.group('GET /health/ready', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('answers ok with each check when everything is fine', async ({ client, assert }) => {
    const response = await client.get('/health/ready')
    response.assertStatus(200)
    response.assertHeader('cache-control', 'no-store')
    // The checks in the message: a warning (heap, outbox) under load names itself.
    assert.equal(response.body().status, 'ok', JSON.stringify(response.body().checks))
    const names = response.body().checks.map((check: { name: string }) => check.name)
    const expected = ['database', 'disk', 'memory', 'outbox']
    if (env.get('REDIS_URL')) expected.splice(1, 0, 'redis')
    assert.deepEqual(names, expected)
    for (const check of response.body().checks) assert.equal(check.status, 'ok')
  })

  test('is degraded, still 200, when mail failed for good', async ({ client, assert }) => {
    await OutboxMessage.create({
      kind: 'verification_code',
      payload: { email: 'ready-failed@example.com' },
      status: 'FAILED',
      attempts: 10,
      nextAttemptAt: DateTime.now(),
      lastError: 'mailbox unavailable',
    })
    const response = await client.get('/health/ready')
    response.assertStatus(200)
    assert.equal(response.body().status, 'degraded')
    const outbox = response.body().checks.find((check: { name: string }) => check.name === 'outbox')
    assert.equal(outbox.status, 'warning')
    assert.include(outbox.message, 'outbox:status')
  })

  test('is degraded when due mail has waited more than five minutes', async ({
    client,
    assert,
  }) => {
    await OutboxMessage.create({
      kind: 'verification_code',
      payload: { email: 'ready-late@example.com' },
      status: 'PENDING',
      attempts: 0,
      nextAttemptAt: DateTime.now().minus({ minutes: 6 }),
    })
    const response = await client.get('/health/ready')
    response.assertStatus(200)
    assert.equal(response.body().status, 'degraded')
  })

  test('is unavailable (503) when the database does not answer, naming no host', async ({
    client,
    assert,
    cleanup,
  }) => {
    // Every query fails as with a server that is down (the check asks `db.connection()`).
    ;(db as any).connection = () => ({
      dialect: { name: 'postgres' },
      connectionName: 'primary',
      rawQuery: async () => {
        throw Object.assign(new Error('connect ECONNREFUSED 10.0.0.9:5432'), {
          code: 'ECONNREFUSED',
        })
      },
    })
    cleanup(() => {
      delete (db as any).connection
    })
    const response = await client.get('/health/ready')
    response.assertStatus(503)
    assert.equal(response.body().status, 'unavailable')
    const database = response
      .body()
      .checks.find((check: { name: string }) => check.name === 'database')
    assert.equal(database.status, 'error')
    assert.notInclude(JSON.stringify(response.body()), '10.0.0.9')
  })
})
