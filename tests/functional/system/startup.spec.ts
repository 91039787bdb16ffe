import { spawn } from 'node:child_process'
import pg from 'pg'
import { setTimeout as sleep } from 'node:timers/promises'
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import app from '@adonisjs/core/services/app'

const onPostgres = db.connection().dialect.name === 'postgres'

/** Starts `bin/server.ts` as a separate process; resolves with its output once it answers /health. */
function startInstance(databaseUrl: string, port: number) {
  let output = ''
  const child = spawn(process.execPath, ['--import=@poppinss/ts-exec', 'bin/server.ts'], {
    cwd: app.makePath(),
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DB_CONNECTION: 'pg',
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      MAIL_WORKER: 'false',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout.on('data', (chunk) => (output += chunk))
  child.stderr.on('data', (chunk) => (output += chunk))
  const healthy = (async () => {
    for (let attempt = 0; attempt < 240; attempt++) {
      try {
        const response = await fetch(`http://127.0.0.1:${port}/health`)
        if (response.ok) return output
      } catch {}
      if (child.exitCode !== null) throw new Error(`instance on ${port} exited:\n${output}`)
      await sleep(250)
    }
    throw new Error(`instance on ${port} never became healthy:\n${output}`)
  })()
  return { child, healthy, output: () => output }
}

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

    const instances = [0, 1, 2].map((index) => startInstance(base.toString(), 3700 + index))
    cleanup(() => {
      for (const instance of instances) instance.child.kill('SIGTERM')
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
