import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'

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
