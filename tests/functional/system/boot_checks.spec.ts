import { spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { randomBytes, randomUUID } from 'node:crypto'
import { rmSync } from 'node:fs'
import { setTimeout as sleep } from 'node:timers/promises'
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'

/** A port nobody listens on right now, chosen by the OS. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

const strongSecret = () => randomBytes(32).toString('base64url')

/**
 * Starts the real `bin/server.ts` on a free port and an SQLite file of its own, with `overrides`
 * on top of this process's environment. Resolves when it exits or answers /health.
 */
async function boot(overrides: Record<string, string | undefined>) {
  const port = await freePort()
  const dbPath = app.tmpPath(`boot-check-${randomUUID()}.sqlite3`)
  const environment: Record<string, string> = {}
  for (const [name, value] of Object.entries({
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    MAIL_WORKER: 'false',
    DB_CONNECTION: 'sqlite',
    DB_PATH: dbPath,
    DATABASE_URL: undefined,
    REDIS_URL: undefined,
    SMTP_HOST: undefined,
    MAIL_TRANSPORT: undefined,
    // The test run's in-memory sessions are refused in production; take the default store.
    SESSION_DRIVER: undefined,
    APP_KEY: strongSecret(),
    JWT_SECRET: strongSecret(),
    ...overrides,
  })) {
    if (value !== undefined) environment[name] = value
  }

  let output = ''
  const child = spawn(process.execPath, ['--import=@poppinss/ts-exec', 'bin/server.ts'], {
    cwd: app.makePath(),
    env: environment,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout.on('data', (chunk) => (output += chunk))
  child.stderr.on('data', (chunk) => (output += chunk))
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))

  try {
    for (let attempt = 0; attempt < 240; attempt++) {
      if (child.exitCode !== null) return { exitCode: await exited, output, served: false }
      try {
        const response = await fetch(`http://127.0.0.1:${port}/health`)
        if (response.ok) return { exitCode: null, output, served: true }
      } catch {}
      await sleep(250)
    }
    throw new Error(`the server neither served nor exited:\n${output}`)
  } finally {
    if (child.exitCode === null) {
      child.kill('SIGTERM')
      await exited
    }
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${dbPath}${suffix}`, { force: true })
  }
}

test.group('Boot-time refusals', () => {
  test('{name} shorter than 32 bytes stops the boot with a message naming it')
    .with([{ name: 'JWT_SECRET' }, { name: 'APP_KEY' }])
    .run(async ({ assert }, { name }) => {
      const result = await boot({ [name]: 'x'.repeat(31) })
      assert.isFalse(result.served)
      assert.notEqual(result.exitCode, 0)
      assert.include(result.output, name)
      assert.include(result.output, '32 bytes')
    })
    .timeout(60_000)

  test('production without SMTP_HOST refuses to start unless MAIL_TRANSPORT=file', async ({
    assert,
  }) => {
    const refused = await boot({ NODE_ENV: 'production' })
    assert.isFalse(refused.served)
    assert.notEqual(refused.exitCode, 0)
    assert.include(refused.output, 'MAIL_TRANSPORT')
    assert.include(refused.output, 'SMTP_HOST')

    const chosen = await boot({ NODE_ENV: 'production', MAIL_TRANSPORT: 'file' })
    assert.isTrue(chosen.served, chosen.output)
  }).timeout(90_000)

  test('an unknown MAIL_TRANSPORT, or smtp without SMTP_HOST, stops the boot', async ({
    assert,
  }) => {
    for (const value of ['pigeon', 'smtp']) {
      const result = await boot({ MAIL_TRANSPORT: value })
      assert.isFalse(result.served, `MAIL_TRANSPORT=${value}`)
      assert.notEqual(result.exitCode, 0)
      assert.include(result.output, 'MAIL_TRANSPORT')
    }
  }).timeout(90_000)

  test(
    'OUTBOX_FAILED_RETENTION_DAYS={value} (not a whole number of days from 1 to 365) stops the boot'
  )
    .with([{ value: '0' }, { value: '366' }, { value: '2.5' }])
    .run(async ({ assert }, { value }) => {
      const result = await boot({ OUTBOX_FAILED_RETENTION_DAYS: value })
      assert.isFalse(result.served)
      assert.notEqual(result.exitCode, 0)
      assert.include(result.output, 'OUTBOX_FAILED_RETENTION_DAYS')
      assert.include(result.output, 'from 1 to 365')
    })
    .timeout(60_000)

  test('a CORS_ORIGINS entry that is not an exact origin stops the boot, naming it', async ({
    assert,
  }) => {
    const result = await boot({
      CORS_ORIGINS: 'https://shop.example.com,https://shop.example.com/',
    })
    assert.isFalse(result.served)
    assert.notEqual(result.exitCode, 0)
    assert.include(result.output, 'CORS_ORIGINS')
    assert.include(result.output, 'https://shop.example.com/')
  }).timeout(60_000)
})
