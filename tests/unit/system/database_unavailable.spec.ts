import { test } from '@japa/runner'
import { isDatabaseUnavailable, isRedisUnavailable } from '#support/db_errors'
import { describeError } from '#exceptions/describe_error'

const coded = (code: string, message = 'failure') => Object.assign(new Error(message), { code })

test.group('Database and Redis unavailable errors', () => {
  test('{$self} is unavailability')
    .with([
      coded('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'),
      coded('ECONNRESET', 'read ECONNRESET'),
      coded('57P01', 'terminating connection due to administrator command'),
      coded('57P03', 'the database system is starting up'),
      coded('08006', 'connection failure'),
      coded('SQLITE_BUSY', 'database is locked'),
      Object.assign(new Error('Knex: Timeout acquiring a connection.'), {
        name: 'KnexTimeoutError',
      }),
      new Error('select * from "users" where "id" = $1 - Connection terminated unexpectedly'),
      new Error('Client has encountered a connection error and is not queryable'),
      Object.assign(new Error('Reached the max retries per request limit (which is 1).'), {
        name: 'MaxRetriesPerRequestError',
      }),
      new Error('Command timed out'),
    ])
    .run(({ assert }, error) => {
      assert.isTrue(isDatabaseUnavailable(error) || isRedisUnavailable(error))
      const described = describeError(error)
      assert.equal(described.status, 503)
      assert.equal(described.code, 'SERVICE_UNAVAILABLE')
      assert.deepEqual(described.headers, { 'Retry-After': '5' })
      // The client is told nothing about the database, its address or the statement.
      assert.notMatch(described.message, /5432|select|ECONN|terminat/i)
    })

  test('{$self} is not')
    .with([
      coded('23505', 'duplicate key value violates unique constraint'),
      coded('23514', 'new row violates check constraint'),
      coded('SQLITE_CONSTRAINT_UNIQUE', 'UNIQUE constraint failed'),
      new Error('something else broke'),
      null,
    ])
    .run(({ assert }, error) => {
      assert.isFalse(isDatabaseUnavailable(error) || isRedisUnavailable(error))
      assert.notEqual(describeError(error).status, 503)
    })
})
