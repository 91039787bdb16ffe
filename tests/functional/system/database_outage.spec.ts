import { test } from '@japa/runner'
import limiter from '@adonisjs/limiter/services/main'
import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import { UserType } from '#enums/user_type'
import { actor } from '#tests/helpers/actors'
import { eachInTransaction } from '#tests/helpers/transactions'

/** What node-postgres throws when the server refuses connections. */
const refused = () =>
  Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })

test.group('A database that cannot be reached', (group) => {
  eachInTransaction(group)
  group.each.setup(() => limiter.clear())

  test('an authenticated /api/v1 request answers 503 problem details with Retry-After, not 401', async ({
    client,
    assert,
    cleanup,
  }) => {
    const customer = await actor(UserType.CUSTOMER)
    // The guard loads the account on every request, through a compiled query sent as raw SQL;
    // the database is gone from here on.
    const connection = db.connection()
    const rawQuery = connection.rawQuery
    connection.rawQuery = (() => {
      throw refused()
    }) as typeof connection.rawQuery
    cleanup(() => {
      connection.rawQuery = rawQuery
    })

    const response = await client
      .get('/api/v1/cart')
      .header('authorization', customer.authorization)
    response.assertStatus(503)
    response.assertHeader('retry-after', '5')
    assert.include(response.header('content-type'), 'application/problem+json')
    assert.deepEqual(response.body(), {
      type: 'about:blank',
      title: 'Service Unavailable',
      status: 503,
      code: 'SERVICE_UNAVAILABLE',
      detail: 'The service is temporarily unavailable; try again shortly',
      requestId: response.header('x-request-id'),
    })
  })

  test('an account route answers 503 in the envelope with Retry-After', async ({
    client,
    assert,
    cleanup,
  }) => {
    const query = User.query
    User.query = (() => {
      throw refused()
    }) as typeof User.query
    cleanup(() => {
      User.query = query
    })

    const response = await client
      .post('/auth/login')
      .json({ email: 'outage@example.com', password: 'Quiet-Lantern-4821', userType: 'customer' })
    response.assertStatus(503)
    response.assertHeader('retry-after', '5')
    response.assertHeader('cache-control', 'no-store')
    assert.deepEqual(response.body(), {
      isSuccess: false,
      statusCode: { value: 503, description: 'Service Unavailable' },
      data: null,
      error: {
        code: 'SERVICE_UNAVAILABLE',
        message: 'The service is temporarily unavailable; try again shortly',
        requestId: response.header('x-request-id'),
      },
    })
  })
})
