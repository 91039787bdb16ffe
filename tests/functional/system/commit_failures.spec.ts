/*
| A write is acknowledged only after its COMMIT succeeded (docs/operations.md, "A failed commit").
| Each test arms a trap on one table, through the database's own means, then sends a request
| whose transaction writes that table:
| - a deferred constraint: the write adds a row that breaks a DEFERRABLE INITIALLY DEFERRED
|   foreign key, so the COMMIT itself fails (both databases);
| - a backend terminated at commit: a deferred constraint trigger calls pg_terminate_backend on
|   its own backend, so the connection dies while COMMIT runs (PostgreSQL);
| - a full database: the file may not grow (`PRAGMA max_page_count`) and the write needs room, so
|   it fails with SQLITE_FULL (SQLite).
| The request must answer 503 with Retry-After, and every table must be exactly as before. The
| same request then succeeds once the trap is gone, on the same pooled connection. The requests
| commit for real, outside any test transaction, so the tests delete what they made.
*/
import { randomUUID } from 'node:crypto'
import { test } from '@japa/runner'
import type { ApiResponse } from '@japa/api-client'
import type { Assert } from '@japa/assert'
import db from '@adonisjs/lucid/services/db'
import { actor } from '#tests/helpers/actors'
import { UserType } from '#enums/user_type'
import { FACTORY_PASSWORD } from '#database/factories/user_factory'
import { CouponFactory } from '#database/factories/coupon_factory'
import {
  committedOneLineCart,
  deletedAfterEach,
  requestPlacement,
} from '#tests/functional/checkout/support'
import { expectEnvelope, expectEnvelopeError, expectProblem } from '#tests/helpers/responses'
import { CommitFailedError } from '#support/commit_guard'
import { captureLogs, logLines } from '#tests/helpers/logs'

const onPostgres = db.connection().dialect.name === 'postgres'

type Trap =
  'deferred constraint' | 'backend terminated at commit' | 'database full' | 'disk full, row quoted'

/** The traps each database can arm. */
const TRAPS: Trap[] = onPostgres
  ? ['deferred constraint', 'backend terminated at commit']
  : ['deferred constraint', 'database full']

/** Every table a password change, a deactivation or a placement writes. */
const TABLES = [
  'users',
  'refresh_tokens',
  'outbox_messages',
  'admin_actions',
  'checkouts',
  'orders',
  'order_items',
  'order_status_history',
  'idempotency_keys',
  'cart_items',
  'products',
  'coupons',
]

/** Every row of every table the flows write, to compare before and after a refused request. */
async function snapshot() {
  const tables: Record<string, unknown[]> = {}
  for (const table of TABLES) tables[table] = await db.from(table).orderBy('id')
  return tables
}

/**
 * Arms `trap` on writes (`event`) to `table` until the returned function disarms it. The DDL
 * runs outside any transaction; on SQLite it runs on the one pooled connection the server uses,
 * which is also the one `PRAGMA max_page_count` applies to.
 */
async function arm(trap: Trap, table: string, event: 'INSERT' | 'UPDATE') {
  if (trap === 'database full') {
    await db.rawQuery('CREATE TABLE commit_ballast (filler BLOB)')
    // Room the database does not have: the write cannot fit in the pages already there.
    await db.rawQuery(
      `CREATE TRIGGER commit_trap AFTER ${event} ON ${table}
       BEGIN INSERT INTO commit_ballast VALUES (zeroblob(262144)); END`
    )
    const [{ max_page_count: limit }] = await db.rawQuery('PRAGMA max_page_count')
    const [{ page_count: pages }] = await db.rawQuery('PRAGMA page_count')
    await db.rawQuery(`PRAGMA max_page_count = ${Number(pages)}`)
    return async () => {
      await db.rawQuery(`PRAGMA max_page_count = ${Number(limit)}`)
      await db.rawQuery('DROP TRIGGER commit_trap')
      await db.rawQuery('DROP TABLE commit_ballast')
    }
  }

  if (trap === 'disk full, row quoted') {
    // What PostgreSQL reports of a statement it refuses, with the row's values in `detail`.
    await db.rawQuery(
      `CREATE FUNCTION commit_trap() RETURNS trigger LANGUAGE plpgsql AS
       $$ BEGIN RAISE EXCEPTION 'could not extend file: No space left on device'
          USING ERRCODE = '53100', DETAIL = 'Failing row contains (' || NEW.password || ')'; END $$`
    )
    await db.rawQuery(
      `CREATE TRIGGER commit_trap BEFORE ${event} ON ${table}
       FOR EACH ROW EXECUTE FUNCTION commit_trap()`
    )
    return async () => {
      await db.rawQuery(`DROP TRIGGER commit_trap ON ${table}`)
      await db.rawQuery('DROP FUNCTION commit_trap()')
    }
  }

  await db.rawQuery('CREATE TABLE commit_trap_parents (id INTEGER PRIMARY KEY)')
  await db.rawQuery(
    `CREATE TABLE commit_traps (parent_id INTEGER
       REFERENCES commit_trap_parents (id) DEFERRABLE INITIALLY DEFERRED)`
  )
  if (!onPostgres) {
    await db.rawQuery(
      `CREATE TRIGGER commit_trap AFTER ${event} ON ${table}
       BEGIN INSERT INTO commit_traps (parent_id) VALUES (0); END`
    )
    return async () => {
      await db.rawQuery('DROP TRIGGER commit_trap')
      await db.rawQuery('DROP TABLE commit_traps')
      await db.rawQuery('DROP TABLE commit_trap_parents')
    }
  }

  await db.rawQuery(
    `CREATE FUNCTION commit_trap() RETURNS trigger LANGUAGE plpgsql AS
     $$ BEGIN INSERT INTO commit_traps (parent_id) VALUES (0); RETURN NULL; END $$`
  )
  await db.rawQuery(
    `CREATE TRIGGER commit_trap AFTER ${event} ON ${table}
     FOR EACH STATEMENT EXECUTE FUNCTION commit_trap()`
  )
  if (trap === 'backend terminated at commit') {
    // The row satisfies the key, so the COMMIT gets as far as the deferred trigger, which ends
    // the very backend running it.
    await db.rawQuery('INSERT INTO commit_trap_parents (id) VALUES (0)')
    await db.rawQuery(
      `CREATE FUNCTION commit_kill() RETURNS trigger LANGUAGE plpgsql AS
       $$ BEGIN PERFORM pg_terminate_backend(pg_backend_pid()); PERFORM pg_sleep(5); RETURN NULL; END $$`
    )
    await db.rawQuery(
      `CREATE CONSTRAINT TRIGGER commit_kill AFTER INSERT ON commit_traps
       DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION commit_kill()`
    )
  }
  return async () => {
    await db.rawQuery(`DROP TRIGGER commit_trap ON ${table}`)
    await db.rawQuery('DROP TABLE commit_traps')
    await db.rawQuery('DROP TABLE commit_trap_parents')
    await db.rawQuery('DROP FUNCTION commit_trap()')
    await db.rawQuery('DROP FUNCTION IF EXISTS commit_kill()')
  }
}

/** Sends `request` with `trap` armed on `table`: a 503 with Retry-After, and nothing changed. */
async function refusedUnder(
  assert: Assert,
  trap: Trap,
  table: string,
  event: 'INSERT' | 'UPDATE',
  request: () => Promise<ApiResponse>
) {
  const before = await snapshot()
  const disarm = await arm(trap, table, event)
  let response: ApiResponse
  try {
    response = await request()
  } finally {
    await disarm()
  }
  assert.equal(response.status(), 503, JSON.stringify(response.body()))
  assert.equal(response.header('retry-after'), '5')
  assert.deepEqual(await snapshot(), before)
  return response
}

test.group('A transaction whose commit fails', (group) => {
  const { userIds, couponIds } = deletedAfterEach(group)
  group.each.setup(() => async () => {
    // What the successful retries wrote and the checkout cleanup does not know about.
    await db.from('admin_actions').whereIn('actor_id', userIds).delete()
    await db.from('refresh_tokens').whereIn('user_id', userIds).delete()
    const users = await db.from('users').whereIn('id', userIds).select('email')
    for (const { email } of users) {
      await db
        .from('outbox_messages')
        .whereLike('payload', `%${JSON.stringify(email)}%`)
        .delete()
    }
  })

  for (const trap of TRAPS) {
    test(`${trap}: a password change answers 503, changes nothing, and works afterwards`, async ({
      client,
      assert,
    }) => {
      const customer = await actor(UserType.CUSTOMER)
      userIds.push(customer.user.id)
      const change = () =>
        client
          .put('/auth/change-password')
          .header('Authorization', customer.authorization)
          .json({ oldPassword: FACTORY_PASSWORD, newPassword: 'Another-Passw0rd!' })

      const refused = await refusedUnder(assert, trap, 'users', 'UPDATE', change)
      expectEnvelopeError(assert, refused, 503, 'SERVICE_UNAVAILABLE')
      // The token the change would have revoked still works: nothing was stored.
      const cart = await client.get('/api/v1/cart').header('Authorization', customer.authorization)
      cart.assertStatus(200)

      expectEnvelope(assert, await change(), 200)
      const revoked = await client
        .get('/api/v1/cart')
        .header('Authorization', customer.authorization)
      revoked.assertStatus(401)
    })

    test(`${trap}: a deactivation answers 503, changes nothing, and works afterwards`, async ({
      client,
      assert,
    }) => {
      const admin = await actor(UserType.ADMIN)
      const customer = await actor(UserType.CUSTOMER)
      userIds.push(admin.user.id, customer.user.id)
      const deactivate = () =>
        client
          .put(`/auth/${customer.user.id}/deactivate`)
          .header('Authorization', admin.authorization)

      const refused = await refusedUnder(assert, trap, 'users', 'UPDATE', deactivate)
      expectEnvelopeError(assert, refused, 503, 'SERVICE_UNAVAILABLE')
      const cart = await client.get('/api/v1/cart').header('Authorization', customer.authorization)
      cart.assertStatus(200)

      expectEnvelope(assert, await deactivate(), 200)
      const row = await db.from('users').where('id', customer.user.id).firstOrFail()
      assert.isFalse(Boolean(row.is_active))
    })

    test(`${trap}: a placement answers 503, changes nothing, and the same key places it afterwards`, async ({
      client,
      assert,
    }) => {
      const { customer, item, standard } = await committedOneLineCart(userIds, 1250, 7)
      const key = `commit-${randomUUID()}`
      const place = () =>
        requestPlacement(client, customer, standard, {
          paymentMethod: 'CASH_ON_DELIVERY',
          idempotencyKey: key,
        })

      const refused = await refusedUnder(assert, trap, 'orders', 'INSERT', place)
      expectProblem(assert, refused, 503, 'SERVICE_UNAVAILABLE')

      const placed = await place()
      placed.assertStatus(201)
      assert.notEqual(placed.header('idempotent-replayed'), 'true')
      const stock = await db.from('product_variants').where('id', item.id).firstOrFail()
      assert.equal(Number(stock.stock), 6)
    })

    test(`${trap}: a coupon use answers 503, counts nothing, and counts once afterwards`, async ({
      client,
      assert,
    }) => {
      const { customer, standard } = await committedOneLineCart(userIds, 4000)
      const coupon = await CouponFactory.merge({ usageLimit: 1, discountValue: 500 }).create()
      couponIds.push(coupon.id)
      const key = `coupon-${randomUUID()}`
      const place = () =>
        requestPlacement(client, customer, standard, {
          couponCode: coupon.code,
          idempotencyKey: key,
        })

      const refused = await refusedUnder(assert, trap, 'coupons', 'UPDATE', place)
      expectProblem(assert, refused, 503, 'SERVICE_UNAVAILABLE')

      const placed = await place()
      placed.assertStatus(201)
      assert.equal(placed.body()[0].discountAmount, 5)
      const row = await db.from('coupons').where('id', coupon.id).firstOrFail()
      assert.equal(Number(row.usage_count), 1)
    })
  }
})

test.group('A statement that fails', (group) => {
  const { userIds } = deletedAfterEach(group)

  test('is logged with its SQL and without its values', async ({ client, assert }) => {
    const customer = await actor(UserType.CUSTOMER)
    userIds.push(customer.user.id)
    const trap: Trap = onPostgres ? 'disk full, row quoted' : 'database full'
    const newPassword = 'Logged-Nowhere-9!'
    let response: ApiResponse | undefined
    const output = await captureLogs(async () => {
      response = await refusedUnder(assert, trap, 'users', 'UPDATE', () =>
        client
          .put('/auth/change-password')
          .header('Authorization', customer.authorization)
          .json({ oldPassword: FACTORY_PASSWORD, newPassword })
      )
    })
    expectEnvelopeError(assert, response!, 503, 'SERVICE_UNAVAILABLE')
    const failures = logLines(output).filter((line) => line.msg === 'request failed')
    assert.lengthOf(failures, 1)
    assert.match(failures[0].err.message, /update [`"]users[`"] set .*(\?|\$1)/i)
    // Neither the new password's hash (a bound value) nor the row PostgreSQL quotes.
    assert.notInclude(output, '$argon2')
    assert.notInclude(output, newPassword)
  })
})

test.group('The commit guard', (group) => {
  group.each.setup(async () => {
    await db.rawQuery('CREATE TABLE commit_guard_rows (id VARCHAR(36) PRIMARY KEY)')
    return () => db.rawQuery('DROP TABLE commit_guard_rows')
  })

  const rowsOf = async () => {
    const rows = await db.from('commit_guard_rows').orderBy('id')
    return rows.map((row) => row.id as string)
  }

  test('a managed transaction rejects, runs no after-commit hook, and keeps nothing', async ({
    assert,
  }) => {
    const disarm = await arm('deferred constraint', 'commit_guard_rows', 'INSERT')
    const hooks: string[] = []
    try {
      await assert.rejects(
        () =>
          db.transaction(async (trx) => {
            trx.after('commit', () => void hooks.push('commit'))
            trx.after('rollback', () => void hooks.push('rollback'))
            await trx.insertQuery().table('commit_guard_rows').insert({ id: 'managed' })
          }),
        CommitFailedError
      )
    } finally {
      await disarm()
    }
    assert.deepEqual(hooks, ['rollback'])
    assert.deepEqual(await rowsOf(), [])
  })

  test('a transaction committed by hand rejects its commit', async ({ assert }) => {
    const disarm = await arm('deferred constraint', 'commit_guard_rows', 'INSERT')
    try {
      const trx = await db.transaction()
      await trx.insertQuery().table('commit_guard_rows').insert({ id: 'by-hand' })
      await assert.rejects(() => trx.commit(), CommitFailedError)
      assert.isTrue(trx.isCompleted)
    } finally {
      await disarm()
    }
    assert.deepEqual(await rowsOf(), [])
  })

  test('a transaction waiting for the connection commits its own work, not into the failed one', async ({
    assert,
  }) => {
    // On SQLite both share the one pooled connection: the failed COMMIT left its transaction
    // open, and the second one must not start (and "commit") inside it.
    const disarm = await arm('deferred constraint', 'commit_guard_rows', 'UPDATE')
    await db.insertQuery().table('commit_guard_rows').insert({ id: 'seed' })
    try {
      const [failed, stored] = await Promise.allSettled([
        db.transaction(async (trx) => {
          await trx.from('commit_guard_rows').where('id', 'seed').update({ id: 'renamed' })
        }),
        db.transaction(async (trx) => {
          await trx.insertQuery().table('commit_guard_rows').insert({ id: 'waiting' })
        }),
      ])
      assert.equal(failed.status, 'rejected')
      assert.equal(stored.status, 'fulfilled')
    } finally {
      await disarm()
    }
    assert.deepEqual(await rowsOf(), ['seed', 'waiting'])
    // Committed for real: a transaction that rolls back afterwards does not take it along.
    await db.transaction(async (trx) => {
      await trx.insertQuery().table('commit_guard_rows').insert({ id: 'rolled-back' })
      await trx.rollback()
    })
    assert.deepEqual(await rowsOf(), ['seed', 'waiting'])
  })

  test('a PostgreSQL transaction that failed inside is not taken for committed', async ({
    assert,
  }) => {
    // A statement failed and its error was swallowed: PostgreSQL answers the COMMIT with ROLLBACK.
    await assert.rejects(
      () =>
        db.transaction(async (trx) => {
          await trx.insertQuery().table('commit_guard_rows').insert({ id: 'lost' })
          await trx.rawQuery('SELECT * FROM no_such_table').catch(() => undefined)
        }),
      CommitFailedError
    )
    assert.deepEqual(await rowsOf(), [])
  }).skip(!onPostgres, 'PostgreSQL only: SQLite keeps a transaction going after a failed statement')
})
