/*
| The Dockerfile, replayed in a clean folder (tests/deploy/support/dockerfile.ts): the same npm ci,
| build, copy and start steps as `docker build` and `docker run`, in the same order, so that the
| image cannot drift from what is tested. Then what it built is started: the image's command with
| the settings of .env.production.example, and `npm run start:prod` in the built checkout.
*/
import { randomBytes, randomUUID } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { mkdtemp, readdir, readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseEnv } from 'node:util'
import { test } from '@japa/runner'
import { freePort } from '#tests/helpers/instances'
import {
  argv,
  parseDockerfile,
  removeReplay,
  replayDockerfile,
  type ReplayedStage,
} from './support/dockerfile.js'
import {
  machineEnvironment,
  runToEnd,
  start,
  waitUntil,
  type Started,
} from './support/processes.js'

const PROJECT = fileURLToPath(new URL('../../', import.meta.url))
const PASSWORD = 'Deploy-Check-Pass-4821'

let folder: string
let replayed: Map<string, ReplayedStage> | undefined

/** The replayed build stage and the runtime (last) stage. */
function stagesOf() {
  if (!replayed) throw new Error('the Dockerfile was not replayed: see the first test')
  const all = [...replayed.values()]
  return { build: replayed.get('build')!, runtime: all.at(-1)! }
}

/** Where `path` (a path inside the image) lies in the replay of `stage`. */
const inStage = (stage: ReplayedStage, path: string) => join(stage.root, path)

const secrets = () => ({
  APP_KEY: randomBytes(32).toString('base64url'),
  JWT_SECRET: randomBytes(32).toString('base64url'),
})

/**
 * The runtime stage's environment as `docker run --env-file .env.production` gives it, with
 * `overrides` as `-e` options; an undefined override removes the variable.
 */
function containerEnvironment(
  runtime: ReplayedStage,
  overrides: Record<string, string | undefined>
) {
  const settings = parseEnv(readFileSync(join(PROJECT, '.env.production.example'), 'utf8'))
  const environment: Record<string, string | undefined> = {
    ...machineEnvironment(),
    ...runtime.env,
    ...settings,
    ...overrides,
  }
  return Object.fromEntries(
    Object.entries(environment).filter((entry): entry is [string, string] => entry[1] !== undefined)
  )
}

/** Registers a customer through `base`; the answer's status. */
async function register(base: string, email: string) {
  const response = await fetch(`${base}/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD, userType: 'customer' }),
  })
  return response.status
}

/** Waits for a mail file to `email` in `directory`; its name. */
async function mailFileTo(directory: string, email: string, server: Started) {
  let found = ''
  await waitUntil(
    `a mail file to ${email} in ${directory}`,
    async () => {
      for (const name of await readdir(directory)) {
        const contents = await readFile(join(directory, name), 'utf8')
        if (contents.includes(`To: ${email}`)) {
          found = name
          return true
        }
      }
      return false
    },
    server
  )
  return found
}

test.group('Deploying: the Dockerfile replayed in a clean folder', (group) => {
  group.setup(async () => {
    folder = await mkdtemp(join(tmpdir(), 'commerce-deploy-'))
    return () => removeReplay(folder)
  })

  test('its stages replay: npm ci, node ace build, the production install, the copies', async ({
    assert,
  }) => {
    const stages = parseDockerfile(readFileSync(join(PROJECT, 'Dockerfile'), 'utf8'))
    replayed = await replayDockerfile(stages, {
      context: PROJECT,
      into: folder,
      machineEnv: machineEnvironment(),
      onStep: (step) => process.stdout.write(`    ${step}\n`),
    })
    const { build, runtime } = stagesOf()
    assert.isTrue(existsSync(inStage(build, '/app/build/bin/server.js')))
    assert.isTrue(existsSync(inStage(runtime, '/app/bin/server.js')))
  }).timeout(900_000)

  test('the production folder is the lock file without its development packages: no typescript, no playwright-core', async ({
    assert,
  }) => {
    const { runtime } = stagesOf()
    const modules = inStage(runtime, '/app/node_modules')
    const lock = JSON.parse(readFileSync(join(PROJECT, 'package-lock.json'), 'utf8'))
    const packages = Object.entries<{ dev?: boolean; devOptional?: boolean; optional?: boolean }>(
      lock.packages
    ).filter(([path]) => /^node_modules\/(@[^/]+\/)?[^/]+$/.test(path))
    // npm's own flags: `devOptional` is what a production package names as an optional peer only
    // (@adonisjs/auth's build and test tools), which `--omit=dev` alone would keep.
    for (const [path, flags] of packages) {
      const installed = existsSync(join(modules, '..', path, 'package.json'))
      const development = Boolean(flags.dev || flags.devOptional || flags.optional)
      assert.equal(installed, !development, `${path} ${development ? 'left out' : 'installed'}`)
    }
    for (const name of ['typescript', 'playwright-core', '@adonisjs/assembler']) {
      assert.isFalse(existsSync(join(modules, name)), name)
    }
  })

  test('the image command serves on the settings of .env.production.example; its HEALTHCHECK turns healthy, and fails once stopped', async ({
    assert,
  }) => {
    const { runtime } = stagesOf()
    const port = await freePort()
    const mailDirectory = join(folder, 'mail-out')
    // As compose.yaml does for its own services, the addresses of the ones this machine lacks
    // are replaced: the image's SQLite default and file mail (to an absolute MAIL_FILE_DIR).
    const environment = containerEnvironment(runtime, {
      ...secrets(),
      PORT: String(port),
      HOST: '127.0.0.1',
      DB_CONNECTION: 'sqlite',
      DATABASE_URL: undefined,
      REDIS_URL: undefined,
      SMTP_HOST: undefined,
      MAIL_TRANSPORT: 'file',
      MAIL_FILE_DIR: mailDirectory,
    })
    const workdir = inStage(runtime, runtime.workdir)
    const healthcheck = async () => {
      const result = await runToEnd(argv(runtime.healthcheck!), workdir, environment)
      return result.code
    }

    const server = start(argv(runtime.command!), workdir, environment)
    try {
      await waitUntil('a healthy HEALTHCHECK', async () => (await healthcheck()) === 0, server)
      const base = `http://127.0.0.1:${port}`

      const email = `deploy-${randomUUID()}@example.com`
      assert.equal(await register(base, email), 200)
      assert.match(await mailFileTo(mailDirectory, email, server), /\.txt$/)
      // The SQLite file went where the image's user may write.
      assert.isTrue(existsSync(inStage(runtime, '/app/tmp/db.sqlite3')))

      // A request as nginx forwards it: the client wrote an address, nginx appended the real one.
      const login = await fetch(`${base}/auth/login`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'X-Forwarded-For': '203.0.113.66, 198.51.100.23',
        },
        body: JSON.stringify({ email, password: 'not-the-password', userType: 'customer' }),
      })
      assert.equal(login.status, 401)
      const failedLogin = () => server.logLines().find((line) => line.event === 'login.failed')
      await waitUntil(
        'the failed login in the log',
        async () => failedLogin() !== undefined,
        server
      )
      assert.equal(failedLogin()!.clientAddress, '198.51.100.23')
    } finally {
      const exit = await server.stop('SIGTERM')
      assert.deepEqual(exit, { code: 0, signal: null }, server.output())
    }
    assert.include(server.output(), 'shutting down: finishing in-flight requests')
    assert.notEqual(await healthcheck(), 0)
  }).timeout(180_000)

  test('without APP_KEY and JWT_SECRET the image command refuses to start, naming both', async ({
    assert,
  }) => {
    const { runtime } = stagesOf()
    const environment = containerEnvironment(runtime, {
      PORT: String(await freePort()),
      DB_CONNECTION: 'sqlite',
      DATABASE_URL: undefined,
      REDIS_URL: undefined,
    })
    const result = await runToEnd(
      argv(runtime.command!),
      inStage(runtime, runtime.workdir),
      environment
    )
    assert.equal(result.code, 1)
    assert.include(result.output, 'APP_KEY')
    assert.include(result.output, 'JWT_SECRET')
  })

  test('npm run start:prod in the built checkout, without .env: the README defaults, mail in the checkout tmp/mail', async ({
    assert,
  }) => {
    const { build } = stagesOf()
    const checkout = inStage(build, build.workdir)
    assert.isFalse(existsSync(join(checkout, '.env')))
    const port = await freePort()
    // Only what production requires: no HOST, LOG_LEVEL, DB_PATH or MAIL_FILE_DIR.
    const server = start(['node', 'bin/start_prod.js'], checkout, {
      ...machineEnvironment(),
      ...secrets(),
      NODE_ENV: 'production',
      MAIL_TRANSPORT: 'file',
      PORT: String(port),
    })
    try {
      const base = `http://localhost:${port}`
      await waitUntil(
        'an answer on localhost',
        async () => {
          const response = await fetch(`${base}/health`)
          return response.ok
        },
        server
      )
      const email = `deploy-${randomUUID()}@example.com`
      assert.equal(await register(base, email), 200)
      await mailFileTo(join(checkout, 'tmp/mail'), email, server)
      assert.isFalse(existsSync(join(checkout, 'build/tmp')))
      assert.isTrue(existsSync(join(checkout, 'tmp/db.sqlite3')))
      const levels = new Set(server.logLines().map((line) => line.level))
      assert.include([...levels], 30)
      assert.notInclude([...levels], 20)
    } finally {
      await server.stop()
    }
  }).timeout(180_000)
})
