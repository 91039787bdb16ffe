import fs from 'node:fs/promises'
import { dirname } from 'node:path'
import { randomUUID } from 'node:crypto'
import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import env from '#start/env'
import OutboxMessage from '#models/outbox_message'
import { UserType } from '#enums/user_type'
import { migrationsCheck } from '#services/system/health_service'
import { SqlRoundTrips } from '#support/sql_round_trips'
import { sqlTime } from '#support/sql_time'
import { actor } from '#tests/helpers/actors'
import { stoppedClock } from '#tests/helpers/clock'
import { expectProblem } from '#tests/helpers/responses'
import { eachInTransaction } from '#tests/helpers/transactions'

type Check = { name: string; status: string; message?: string; meta?: Record<string, any> }

const isPostgres = () => db.connection().dialect.name === 'postgres'

/** The checks this configuration runs: Redis only with REDIS_URL, the disk only on SQLite. */
function expectedChecks(): string[] {
  return [
    'database',
    ...(env.get('REDIS_URL') ? ['redis'] : []),
    'migrations',
    ...(isPostgres() ? [] : ['disk']),
    'outbox',
  ]
}

const checkOf = (body: { checks: Check[] }, name: string) =>
  body.checks.find((check) => check.name === name)!

/** Bytes in a gigabyte. */
const GB = 1024 ** 3

type Cleanup = (handler: () => void) => void

/** The volume `statfs` reports, whatever the machine's disk: `usedPercent` of 100 GB used. */
function volumeAt(usedPercent: number, cleanup: Cleanup, asked: string[] = []) {
  const real = fs.statfs
  const blocks = 100 * 1024 ** 2
  ;(fs as any).statfs = async (path: string) => {
    asked.push(path)
    return { bsize: 1024, blocks, bfree: 0, bavail: (blocks * (100 - usedPercent)) / 100 }
  }
  cleanup(() => {
    ;(fs as any).statfs = real
  })
  return asked
}

/** Every caller sees the figures while the test runs (`HEALTH_DETAILS=true`). */
function detailsForEveryone(cleanup: Cleanup) {
  const previous = app.config.get('health.details')
  app.config.set('health.details', true)
  cleanup(() => app.config.set('health.details', previous))
}

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
  // The outbox's figures are exact: mail committed by earlier suites is set aside first.
  eachInTransaction(group, OutboxMessage)

  test('answers a caller without a token with each check’s name and status only', async ({
    client,
    cleanup,
  }) => {
    volumeAt(40, cleanup)
    const response = await client.get('/health/ready')
    response.assertStatus(200)
    response.assertHeader('cache-control', 'no-store')
    response.assertBody({
      status: 'ok',
      checks: expectedChecks().map((name) => ({ name, status: 'ok' })),
    })
  })

  test('stays ok whatever the heap holds: memory is a figure, never a status', async ({
    client,
    assert,
    cleanup,
  }) => {
    volumeAt(40, cleanup)
    const real = process.memoryUsage
    process.memoryUsage = Object.assign(
      () => ({ ...real(), heapUsed: 3 * GB, heapTotal: 3.5 * GB, rss: 4 * GB }),
      { rss: () => 4 * GB }
    )
    cleanup(() => {
      process.memoryUsage = real
    })

    const anonymous = await client.get('/health/ready')
    anonymous.assertStatus(200)
    assert.equal(anonymous.body().status, 'ok')
    assert.deepEqual(
      anonymous.body().checks.map((check: Check) => check.name),
      expectedChecks()
    )

    const admin = await actor(UserType.ADMIN)
    const detailed = await client.get('/health/ready').header('Authorization', admin.authorization)
    detailed.assertStatus(200)
    assert.equal(detailed.body().status, 'ok')
    assert.equal(detailed.body().memory.heapUsedBytes, 3 * GB)
    assert.equal(detailed.body().memory.heapTotalBytes, 3.5 * GB)
    assert.equal(detailed.body().memory.rssBytes, 4 * GB)
  })

  test('gives an administrator each check’s message and figures, and the memory', async ({
    client,
    assert,
    cleanup,
  }) => {
    volumeAt(40, cleanup)
    const now = stoppedClock(cleanup)
    await OutboxMessage.create({
      kind: 'verification_code',
      payload: { email: 'ready-due@example.com' },
      status: 'PENDING',
      attempts: 0,
      nextAttemptAt: now.minus({ seconds: 40 }),
    })
    const admin = await actor(UserType.SUPER_ADMIN)

    const response = await client.get('/health/ready').header('Authorization', admin.authorization)

    response.assertStatus(200)
    const body = response.body()
    assert.equal(body.status, 'ok')
    assert.deepEqual(
      body.checks.map((check: Check) => check.name),
      expectedChecks()
    )
    for (const check of body.checks) assert.isString(check.message, check.name)
    assert.deepEqual(checkOf(body, 'outbox').meta, {
      due: 1,
      failed: 0,
      oldestDueSeconds: 40,
      countLimit: 1000,
    })
    assert.equal(checkOf(body, 'outbox').message, '1 due message(s)')
    assert.equal(checkOf(body, 'migrations').message, 'Every migration is applied')
    assert.sameMembers(Object.keys(body.memory), [
      'heapUsedBytes',
      'heapTotalBytes',
      'heapLimitBytes',
      'rssBytes',
    ])
    assert.isAbove(body.memory.heapLimitBytes, 0)
  })

  test('gives a customer or a seller the statuses only', async ({ client, assert, cleanup }) => {
    volumeAt(40, cleanup)
    for (const type of [UserType.CUSTOMER, UserType.SELLER]) {
      const { authorization } = await actor(type)
      const response = await client.get('/health/ready').header('Authorization', authorization)
      response.assertStatus(200)
      assert.notProperty(response.body(), 'memory', type)
      for (const check of response.body().checks) {
        assert.sameMembers(Object.keys(check), ['name', 'status'], type)
      }
    }
  })

  test('gives every caller the figures when HEALTH_DETAILS is on', async ({
    client,
    assert,
    cleanup,
  }) => {
    volumeAt(40, cleanup)
    detailsForEveryone(cleanup)
    const response = await client.get('/health/ready')
    response.assertStatus(200)
    assert.property(response.body(), 'memory')
    assert.equal(checkOf(response.body(), 'outbox').meta!.countLimit, 1000)
  })

  test('refuses a token it cannot accept, as every route does', async ({ client, assert }) => {
    const response = await client.get('/health/ready').header('Authorization', 'Bearer not-a-jwt')
    expectProblem(assert, response, 401, 'INVALID_TOKEN')
  })

  test('is degraded, still 200, when mail failed for good', async ({ client, assert, cleanup }) => {
    volumeAt(40, cleanup)
    detailsForEveryone(cleanup)
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
    const outbox = checkOf(response.body(), 'outbox')
    assert.equal(outbox.status, 'warning')
    assert.include(outbox.message, 'outbox:status')
  })

  test('is degraded when due mail has waited more than five minutes', async ({
    client,
    assert,
    cleanup,
  }) => {
    volumeAt(40, cleanup)
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
    assert.equal(checkOf(response.body(), 'outbox').status, 'warning')
  })

  test('reads the outbox in one bounded statement served by an index, however large it is', async ({
    client,
    assert,
    cleanup,
  }) => {
    volumeAt(40, cleanup)
    detailsForEveryone(cleanup)
    const now = sqlTime()
    const failed = Array.from({ length: 1_050 }, () => ({
      id: randomUUID(),
      kind: 'verification_code',
      payload: '{}',
      status: 'FAILED',
      attempts: 10,
      next_attempt_at: now,
      created_at: now,
      updated_at: now,
    }))
    for (let start = 0; start < failed.length; start += 150) {
      await db.table('outbox_messages').multiInsert(failed.slice(start, start + 150))
    }
    // The first call answers the migration question, which is then remembered.
    await client.get('/health/ready')

    const roundTrips = new SqlRoundTrips().start()
    cleanup(() => roundTrips.stop())
    roundTrips.record()
    const response = await client.get('/health/ready')
    const statements = roundTrips.recorded()

    response.assertStatus(200)
    const outbox = checkOf(response.body(), 'outbox')
    // Counting stops at the limit: the statement never reads every failed row.
    assert.equal(outbox.meta!.failed, 1000)
    assert.equal(outbox.message, '1000+ message(s) failed for good; see node ace outbox:status')

    const sqls = statements.map((statement) => statement.sql)
    // The database ping and the outbox statement; the applied migrations are not asked again.
    assert.lengthOf(statements, 2, sqls.join('\n'))
    const [read] = statements.filter((statement) => statement.sql.includes('outbox_messages'))
    assert.notMatch(read.sql, /group by/i)
    // Each read of the table is bounded by its own LIMIT.
    assert.equal(
      read.sql.match(/from ["`]outbox_messages["`]/g)!.length,
      read.sql.match(/ limit /g)!.length,
      read.sql
    )

    // And each reads the (status, next_attempt_at) index, never the whole table.
    const sql = read.sql.replace(/\$\d+/g, '?')
    let plan: string
    if (isPostgres()) {
      await db.rawQuery('set local enable_seqscan = off')
      const explained = await db.rawQuery(`explain ${sql}`, read.bindings as any[])
      plan = explained.rows.map((row: Record<string, string>) => row['QUERY PLAN']).join('\n')
      assert.notInclude(plan, 'Seq Scan', plan)
    } else {
      const explained = await db.rawQuery(`explain query plan ${sql}`, read.bindings as any[])
      plan = explained.map((row: { detail: string }) => row.detail).join('\n')
      assert.notMatch(plan, /SCAN outbox_messages/, plan)
    }
    assert.include(plan, 'outbox_messages_status_next_attempt_at_index', plan)
  })

  test('is unavailable (503) while a migration is pending, and ready once it is applied', async ({
    client,
    assert,
    cleanup,
  }) => {
    volumeAt(40, cleanup)
    detailsForEveryone(cleanup)
    // As an instance started against a database its migrations have not reached yet.
    const latest = await db.from('adonis_schema').orderBy('id', 'desc').first()
    await db.from('adonis_schema').where('id', latest.id).delete()
    migrationsCheck.forget()
    cleanup(() => migrationsCheck.forget())

    const pending = await client.get('/health/ready')
    pending.assertStatus(503)
    assert.equal(pending.body().status, 'unavailable')
    const migrations = checkOf(pending.body(), 'migrations')
    assert.equal(migrations.status, 'error')
    assert.deepEqual(migrations.meta, { pending: [latest.name] })
    assert.equal(migrations.message, '1 migration(s) not applied; run node ace migration:run')

    // `node ace migration:run` records it; the next call sees it without a restart.
    await db.table('adonis_schema').insert({ name: latest.name, batch: latest.batch })
    const applied = await client.get('/health/ready')
    applied.assertStatus(200)
    assert.equal(checkOf(applied.body(), 'migrations').status, 'ok')
  })

  test('watches the disk of the SQLite file, and only warns; none on PostgreSQL', async ({
    client,
    assert,
    cleanup,
  }) => {
    detailsForEveryone(cleanup)
    const asked = volumeAt(99, cleanup)
    const response = await client.get('/health/ready')
    response.assertStatus(200)

    if (isPostgres()) {
      // The server's disk is not this process's to see.
      assert.isUndefined(checkOf(response.body(), 'disk'))
      assert.deepEqual(asked, [])
      assert.equal(response.body().status, 'ok')
      return
    }
    const file = (db.getRawConnection('sqlite')!.config.connection as { filename: string }).filename
    assert.deepEqual(asked, [dirname(file)])
    assert.equal(response.body().status, 'degraded')
    const disk = checkOf(response.body(), 'disk')
    assert.equal(disk.status, 'warning')
    assert.deepEqual(disk.meta, { path: dirname(file), usedPercent: 99 })
  })

  test('is unavailable (503) when the database does not answer, naming no host', async ({
    client,
    assert,
    cleanup,
  }) => {
    volumeAt(40, cleanup)
    detailsForEveryone(cleanup)
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
    const database = checkOf(response.body(), 'database')
    assert.equal(database.status, 'error')
    assert.equal(database.message, 'the database does not answer')
    assert.notInclude(JSON.stringify(response.body()), '10.0.0.9')
  })
})
