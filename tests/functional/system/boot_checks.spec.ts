import { spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { randomBytes, randomUUID } from 'node:crypto'
import { rmSync } from 'node:fs'
import { setTimeout as sleep } from 'node:timers/promises'
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import type { Assert } from '@japa/assert'

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
 * This process's environment with what every check needs (development, SQLite at `dbPath`, no
 * Redis, SMTP or mail worker, fresh secrets) and `overrides` on top; undefined removes a variable.
 */
function environmentWith(overrides: Record<string, string | undefined>, dbPath: string) {
  const environment: Record<string, string> = {}
  for (const [name, value] of Object.entries({
    ...process.env,
    NODE_ENV: 'development',
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
  return environment
}

/** Runs `node <args>` in the project to its end; resolves with its exit code and output. */
async function runToEnd(args: string[], overrides: Record<string, string | undefined>) {
  const dbPath = app.tmpPath(`boot-check-${randomUUID()}.sqlite3`)
  const child = spawn(process.execPath, args, {
    cwd: app.makePath(),
    env: environmentWith(overrides, dbPath),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (chunk) => (output += chunk))
  child.stderr.on('data', (chunk) => (output += chunk))
  const exitCode = await new Promise<number | null>((resolve) => child.once('exit', resolve))
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${dbPath}${suffix}`, { force: true })
  return { exitCode, output }
}

/**
 * Starts the real `bin/server.ts` on a free port and an SQLite file of its own, with `overrides`
 * on top of this process's environment. Resolves when it exits or answers /health; once it
 * answers, `whileServing` is given its URL before it is stopped.
 */
async function boot(
  overrides: Record<string, string | undefined>,
  whileServing?: (url: string) => Promise<void>
) {
  const port = await freePort()
  const dbPath = app.tmpPath(`boot-check-${randomUUID()}.sqlite3`)
  const environment = environmentWith({ PORT: String(port), ...overrides }, dbPath)

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
        if (response.ok) {
          await whileServing?.(`http://127.0.0.1:${port}`)
          return { exitCode: null, output, served: true }
        }
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

/** Asserts that `output` carries no stack trace: no `at ...` frame, no framework file. */
function assertNoStackTrace(assert: Assert, output: string) {
  assert.notMatch(output, /^\W*at /m)
  assert.notInclude(output, 'node_modules')
  assert.notInclude(output, 'Exception')
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

  test('settings out of range stop the boot, each named with its range, with no stack trace', async ({
    assert,
  }) => {
    const result = await boot({
      ACCESS_TOKEN_TTL: 'banana',
      OTP_TTL_MINUTES: '-5',
      DB_POOL_MAX: '0',
      OUTBOX_MAX_ATTEMPTS: '0',
      SMTP_PORT: '99999',
      JWT_ISSUER: '',
    })
    assert.isFalse(result.served)
    assert.notEqual(result.exitCode, 0)
    for (const expected of [
      'ACCESS_TOKEN_TTL must be a duration from 1m to 24h',
      'OTP_TTL_MINUTES must be a whole number from 1 to 60',
      'DB_POOL_MAX must be a whole number from 1 to 1000',
      'OUTBOX_MAX_ATTEMPTS must be a whole number from 1 to 100',
      'SMTP_PORT must be a whole number from 1 to 65535',
      'JWT_ISSUER must not be empty',
    ]) {
      assert.include(result.output, expected)
    }
    assertNoStackTrace(assert, result.output)
  }).timeout(60_000)

  test('node ace reports invalid settings the same way', async ({ assert }) => {
    const result = await runToEnd(['ace', 'migration:status'], { ACCESS_TOKEN_TTL: '-5m' })
    assert.notEqual(result.exitCode, 0)
    assert.include(result.output, 'ACCESS_TOKEN_TTL must be a duration from 1m to 24h')
    assertNoStackTrace(assert, result.output)
  }).timeout(60_000)

  test('npm run start:prod with NODE_ENV={$self} refuses to serve, naming NODE_ENV')
    .with(['development', 'test'])
    .run(async ({ assert }, nodeEnvironment) => {
      const result = await runToEnd(['bin/start_prod.js'], { NODE_ENV: nodeEnvironment })
      assert.equal(result.exitCode, 1)
      assert.include(result.output, `NODE_ENV is "${nodeEnvironment}"`)
      assert.include(result.output, 'Set NODE_ENV=production')
    })
    .timeout(60_000)
})

test.group('Start-up output', () => {
  test('a start and its first authenticated request print no process warning', async ({
    assert,
  }) => {
    // The token service, whose verifier fast-jwt checks, is loaded by the first request.
    const result = await boot({}, async (url) => {
      const response = await fetch(`${url}/api/v1/cart`, {
        headers: { Authorization: 'Bearer not-a-token' },
      })
      assert.equal(response.status, 401)
    })
    assert.isTrue(result.served, result.output)
    assert.notInclude(result.output, 'FAST_JWT_CACHE_KEY_BUILDER_SECURITY_RISK')
    assert.notMatch(result.output, /\(node:\d+\) \[?\w*\]? ?\w*Warning/)
  }).timeout(60_000)
})
