import pg from 'pg'
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import env from '#start/env'
import { spawnInstance } from '#tests/helpers/instances'

const onPostgres = db.connection().dialect.name === 'postgres'

test.group('Start-up on a shared PostgreSQL database', () => {
  test('instances starting at once migrate exactly once and all serve', async ({
    assert,
    cleanup,
  }) => {
    const name = `startup_race_${process.pid}`
    await db.rawQuery(`create database ${name}`)
    cleanup(async () => {
      await db.rawQuery(`drop database if exists ${name} with (force)`)
    })
    const base = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres')
    base.pathname = `/${name}`

    const instances = await Promise.all(
      [0, 1, 2].map((index) =>
        spawnInstance({
          name: `startup-${index}`,
          env: {
            NODE_ENV: 'development',
            APP_KEY: env.get('APP_KEY').release(),
            JWT_SECRET: env.get('JWT_SECRET').release(),
            DB_CONNECTION: 'pg',
            DATABASE_URL: base.toString(),
            LOG_LEVEL: 'info',
            MAIL_WORKER: 'false',
          },
        })
      )
    )
    cleanup(async () => {
      await Promise.all(instances.map((instance) => instance.stop()))
    })
    await Promise.all(instances.map((instance) => instance.healthy))

    const migrating = instances.filter((instance) =>
      instance.output().includes('applied pending migrations')
    )
    assert.lengthOf(migrating, 1)

    const client = new pg.Client({ connectionString: base.toString() })
    await client.connect()
    try {
      const seeded = await client.query(`select name from shipping_methods order by name`)
      assert.deepEqual(
        seeded.rows.map((row) => row.name),
        ['Express', 'Standard']
      )
      const migrations = await client.query(`select name from adonis_schema`)
      const names = migrations.rows.map((row) => row.name)
      assert.equal(new Set(names).size, names.length)
    } finally {
      await client.end()
    }
  })
    .skip(!onPostgres, 'PostgreSQL only: SQLite is for one instance')
    .timeout(120_000)
})
