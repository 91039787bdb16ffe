/*
| What the deploy files say, read as their tools read them: the Dockerfile's stages, compose.yaml,
| the systemd unit, the nginx example and .env.production.example, checked against each other so
| that they describe one deployment. What the image does when built and started is
| tests/deploy/image.spec.ts.
*/
import { readFileSync } from 'node:fs'
import { parseEnv } from 'node:util'
import { test } from '@japa/runner'
import { parse as parseYaml } from 'yaml'
import { argv, parseCommand, parseDockerfile, type Stage } from './support/dockerfile.js'

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8')

const stages = parseDockerfile(read('Dockerfile'))
const runtime = stages.at(-1)!
const productionSettings = read('.env.production.example')

/** The instructions of `stage` with `keyword`. */
const instructions = (stage: Stage, keyword: string) =>
  stage.instructions.filter((instruction) => instruction.keyword === keyword)

/** The last value the image's ENV lines give `name`. */
function imageEnv(name: string) {
  const line = instructions(runtime, 'ENV')
    .map((instruction) => instruction.args.match(new RegExp(`(?:^|\\s)${name}=(\\S+)`)))
    .filter(Boolean)
    .at(-1)
  return line?.[1]
}

/** The variables README.md's Configuration table documents. */
function documentedVariables() {
  const readme = read('README.md')
  const section = readme.slice(readme.indexOf('## Configuration'), readme.indexOf('## Security'))
  return new Set(
    section
      .split('\n')
      .filter((line) => line.startsWith('| `'))
      .flatMap((line) => [...line.split('|')[1].matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1]))
  )
}

/** The `[Section]`s of a systemd unit, each a map of its keys to their values (repeated keys: a list). */
function parseUnit(text: string) {
  const sections: Record<string, Record<string, string[]>> = {}
  let current: Record<string, string[]> | undefined
  for (const line of text.split('\n')) {
    if (/^\s*([#;]|$)/.test(line)) continue
    const section = line.match(/^\[(\w+)\]$/)
    if (section) {
      current = sections[section[1]] = {}
      continue
    }
    const entry = line.match(/^(\w+)=(.*)$/)
    if (!entry || !current) throw new Error(`cannot read the unit's line "${line}"`)
    ;(current[entry[1]] ??= []).push(entry[2])
  }
  return sections
}

test.group('Deploying: the recipe', () => {
  test('the image: Node.js 24, a slim runtime, npm ci before node ace build, a user that is not root', ({
    assert,
  }) => {
    for (const stage of stages) assert.match(stage.image, /^node:24-/, stage.name)
    assert.match(runtime.image, /^node:24-[a-z]+-slim$/)

    const runs = stages.flatMap((stage) => instructions(stage, 'RUN').map((run) => run.args))
    const install = runs.findIndex((run) => /^npm ci\b/.test(run) && !run.includes('--omit'))
    const build = runs.findIndex((run) => run === 'node ace build')
    const productionInstall = runs.findIndex((run) =>
      /^npm ci --omit=dev --omit=optional\b/.test(run)
    )
    assert.isAtLeast(install, 0, 'npm ci')
    assert.isAbove(build, install, 'node ace build after npm ci')
    assert.isAtLeast(productionInstall, 0, 'the production install')

    const user = instructions(runtime, 'USER').at(-1)?.args
    assert.exists(user)
    assert.notMatch(user!, /^(root|0)(:|$)/)
    const command = instructions(runtime, 'CMD').at(-1)
    assert.deepEqual(argv(parseCommand(command!.args)), ['node', 'bin/server.js'])
    assert.isAbove(command!.line, instructions(runtime, 'USER').at(-1)!.line)
    // The one folder the service writes belongs to its user.
    const owned = instructions(runtime, 'COPY').filter((copy) => copy.flags.chown)
    assert.deepEqual(
      owned.map((copy) => [copy.flags.chown.split(':')[0], copy.args.split(/\s+/).at(-1)]),
      [[user, './tmp']]
    )

    const healthcheck = instructions(runtime, 'HEALTHCHECK').at(-1)
    assert.include(healthcheck?.args, '/health/ready')
    assert.equal(imageEnv('NODE_ENV'), 'production')
    assert.equal(imageEnv('HOST'), '0.0.0.0')
    assert.deepEqual(
      instructions(runtime, 'EXPOSE').map((expose) => expose.args),
      [imageEnv('PORT')]
    )
  })

  test('.env.production.example: one NAME=value a line, every name documented, no secret in it', ({
    assert,
  }) => {
    const lines = productionSettings.split('\n').filter((line) => !/^\s*(#|$)/.test(line))
    // No quotes, spaces or trailing comments: Docker's env_file, systemd and dotenv read it alike.
    for (const line of lines) assert.match(line, /^[A-Z][A-Z0-9_]*=[^\s"'#]*$/)
    const settings = parseEnv(productionSettings)
    const documented = documentedVariables()
    for (const name of Object.keys(settings)) assert.isTrue(documented.has(name), name)
    assert.equal(settings.NODE_ENV, 'production')
    assert.equal(settings.APP_KEY, '')
    assert.equal(settings.JWT_SECRET, '')
    assert.equal(settings.PORT, imageEnv('PORT'))
    // Production refuses to start without a mail server or MAIL_TRANSPORT=file.
    assert.isTrue(Boolean(settings.SMTP_HOST) || settings.MAIL_TRANSPORT === 'file')
  })

  test('compose.yaml: the app built from this Dockerfile on its PostgreSQL, Redis and Mailpit', ({
    assert,
  }) => {
    const compose = parseYaml(read('compose.yaml'))
    const { app, postgres, redis, mailpit } = compose.services
    assert.equal(app.build, '.')
    assert.equal(app.env_file, '.env.production')
    assert.include(read('.gitignore').split('\n'), '.env.production')
    assert.deepEqual(app.ports, [`${imageEnv('PORT')}:${imageEnv('PORT')}`])
    const documented = documentedVariables()
    for (const name of Object.keys(app.environment)) assert.isTrue(documented.has(name), name)

    const database = new URL(app.environment.DATABASE_URL)
    assert.equal(app.environment.DB_CONNECTION, 'pg')
    assert.equal(database.hostname, 'postgres')
    assert.equal(database.username, postgres.environment.POSTGRES_USER)
    assert.equal(database.password, postgres.environment.POSTGRES_PASSWORD)
    assert.equal(database.pathname, `/${postgres.environment.POSTGRES_DB}`)
    assert.isAtLeast(Number(postgres.image.match(/^postgres:(\d+)/)[1]), 15)
    assert.equal(new URL(app.environment.REDIS_URL).hostname, 'redis')
    assert.match(redis.image, /^redis:\d+/)
    assert.equal(app.environment.SMTP_HOST, 'mailpit')
    assert.equal(app.environment.SMTP_PORT, '1025')
    assert.match(mailpit.image, /^axllent\/mailpit:/)
    // Clients reach the published port directly.
    assert.equal(app.environment.TRUST_PROXY, 'false')

    for (const service of ['postgres', 'redis', 'mailpit']) {
      assert.equal(app.depends_on[service].condition, 'service_healthy', service)
      assert.exists(compose.services[service].healthcheck?.test, service)
    }
    for (const [service, mounts] of Object.entries({
      postgres: postgres.volumes,
      redis: redis.volumes,
      mailpit: mailpit.volumes,
    })) {
      const volume = (mounts as string[])[0].split(':')[0]
      assert.property(compose.volumes, volume, service)
    }
    // A stop lets in-flight requests finish: longer than SHUTDOWN_TIMEOUT_MS.
    const grace = Number(app.stop_grace_period.replace(/s$/, '')) * 1000
    assert.isAbove(grace, Number(parseEnv(productionSettings).SHUTDOWN_TIMEOUT_MS))
  })

  test('the systemd unit: the image command, as a user that is not root, with the settings file, restarted on failure, outwaiting the drain', ({
    assert,
  }) => {
    const { Service: service } = parseUnit(read('deploy/commerce.service'))
    const command = argv(parseCommand(instructions(runtime, 'CMD').at(-1)!.args))
    assert.deepEqual(service.ExecStart, [`/usr/bin/${command.join(' ')}`])
    assert.notInclude(['root', '0'], service.User[0])
    assert.deepEqual(service.EnvironmentFile, ['/etc/commerce/commerce.env'])
    assert.deepEqual(service.Restart, ['on-failure'])
    assert.deepEqual(service.KillSignal, ['SIGTERM'])
    const shutdownMs = Number(parseEnv(productionSettings).SHUTDOWN_TIMEOUT_MS)
    assert.isAbove(Number(service.TimeoutStopSec[0]) * 1000, shutdownMs)
    // Behind nginx on the same host, and only there.
    assert.deepEqual(service.Environment, ['HOST=127.0.0.1'])
  })

  test('nginx: to the port of the settings, with the X-Forwarded-For that TRUST_PROXY=loopback trusts', ({
    assert,
  }) => {
    const nginx = read('deploy/nginx/commerce.conf')
    const settings = parseEnv(productionSettings)
    assert.include(nginx, `proxy_pass http://127.0.0.1:${settings.PORT};`)
    assert.include(nginx, 'proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;')
    assert.include(nginx, 'proxy_set_header X-Forwarded-Proto $scheme;')
    assert.equal(settings.TRUST_PROXY, 'loopback')
  })
})
