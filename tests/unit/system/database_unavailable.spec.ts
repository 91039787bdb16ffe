import { test } from '@japa/runner'
import { isDatabaseUnavailable, isRedisUnavailable } from '#support/db_errors'
import { describeError } from '#exceptions/describe_error'
import { CommitFailedError } from '#support/commit_guard'

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
      coded('SQLITE_FULL', 'insert into "users" ("id") values (?) - database or disk is full'),
      coded('SQLITE_IOERR_WRITE', 'disk I/O error'),
      coded('SQLITE_READONLY', 'attempt to write a readonly database'),
      coded('53100', 'could not extend file: No space left on device'),
      coded('53300', 'sorry, too many clients already'),
      coded('40001', 'could not serialize access due to concurrent update'),
      coded('40P01', 'deadlock detected'),
      new Error(
        'update "coupons" set x = ? - Transaction query already complete, run with DEBUG=knex:tx'
      ),
      new CommitFailedError(coded('23503', 'insert or update violates foreign key constraint')),
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
      coded('SQLITE_CONSTRAINT_FOREIGNKEY', 'FOREIGN KEY constraint failed'),
      coded('SQLITE_ERROR', 'no such table: missing'),
      coded('22P02', 'invalid input syntax for type uuid'),
      coded('42P01', 'relation "missing" does not exist'),
      new Error('something else broke'),
      null,
    ])
    .run(({ assert }, error) => {
      assert.isFalse(isDatabaseUnavailable(error) || isRedisUnavailable(error))
      assert.notEqual(describeError(error).status, 503)
    })
})
