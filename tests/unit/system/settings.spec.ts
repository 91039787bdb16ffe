/*
| The rules of start/env.ts, called in process: what each variable accepts and how a refusal reads.
| tests/functional/system/boot_checks.spec.ts starts real processes with some of these values.
*/
import { test } from '@japa/runner'
import { environmentSchema } from '#start/env'

type Name = keyof typeof environmentSchema

/** Runs the rule of `name` on `value` as the boot does. */
function check(name: Name, value: string | undefined) {
  return (environmentSchema[name] as (name: string, value?: string) => unknown)(name, value)
}

/** The message of the rule of `name` on `value`, or null when it accepts the value. */
function messageFor(name: Name, value: string | undefined): string | null {
  try {
    check(name, value)
    return null
  } catch (error) {
    return (error as Error).message
  }
}

/** The message a refused value produces (fails when the value is accepted). */
function refusal(name: Name, value: string | undefined): string {
  const message = messageFor(name, value)
  if (message === null) throw new Error(`${name}=${value} was accepted`)
  return message
}

/** Sets (or, with undefined, removes) process variables for one test; the cross-variable rules read them. */
function withEnvironment(
  variables: Record<string, string | undefined>,
  cleanup: (callback: () => void) => void
) {
  const previous = Object.fromEntries(Object.keys(variables).map((key) => [key, process.env[key]]))
  const apply = (values: Record<string, string | undefined>) => {
    for (const [key, value] of Object.entries(values)) {
      if (value === undefined) delete process.env[key]
      else process.env[key] = value
    }
  }
  apply(variables)
  cleanup(() => apply(previous))
}

test.group('Settings: values once accepted, or stopping the boot with a stack trace', () => {
  test('{name}={value} is refused, naming the variable and its range')
    .with([
      { name: 'ACCESS_TOKEN_TTL', value: '-5m', range: 'a duration from 1m to 24h' },
      { name: 'ACCESS_TOKEN_TTL', value: 'banana', range: 'a duration from 1m to 24h' },
      { name: 'OTP_TTL_MINUTES', value: '-5', range: 'a whole number from 1 to 60 (minutes)' },
      { name: 'DB_POOL_MAX', value: '0', range: 'a whole number from 1 to 1000' },
      { name: 'OUTBOX_MAX_ATTEMPTS', value: '0', range: 'a whole number from 1 to 100' },
      { name: 'OUTBOX_FAILED_RETENTION_DAYS', value: '0', range: 'a whole number from 1 to 365' },
      { name: 'OUTBOX_FAILED_RETENTION_DAYS', value: '366', range: 'a whole number from 1 to 365' },
      { name: 'OUTBOX_FAILED_RETENTION_DAYS', value: '2.5', range: 'a whole number from 1 to 365' },
      { name: 'SMTP_PORT', value: '99999', range: 'a whole number from 1 to 65535' },
      { name: 'JWT_ISSUER', value: '', range: 'must not be empty' },
    ] as Array<{ name: Name; value: string; range: string }>)
    .run(({ assert }, { name, value, range }) => {
      const message = refusal(name, value)
      assert.match(message, new RegExp(`^${name} `))
      assert.include(message, range)
    })
})

test.group('Settings: every kind of rule', () => {
  test('whole numbers: refused out of range, fractional, or not a number; bounds accepted', ({
    assert,
  }) => {
    const cases: Array<[Name, string[], string[], string]> = [
      ['PORT', ['0', '65536', '80.5', 'http', '-1'], ['1', '65535', '3333'], 'from 1 to 65535'],
      ['OTP_TTL_MINUTES', ['0', '61', '1.5'], ['1', '60'], 'from 1 to 60'],
      ['DB_POOL_MAX', ['0', '1001'], ['1', '1000'], 'from 1 to 1000'],
      ['DB_ACQUIRE_TIMEOUT_MS', ['0', '600001'], ['1', '600000'], 'from 1 to 600000'],
      ['OUTBOX_MAX_ATTEMPTS', ['0', '101'], ['1', '100'], 'from 1 to 100'],
      ['OUTBOX_RETENTION_DAYS', ['-1', '3651'], ['0', '3650'], 'from 0 to 3650'],
      ['IDEMPOTENCY_RETENTION_HOURS', ['23', '8761'], ['24', '8760'], 'from 24 to 8760'],
      ['IDEMPOTENCY_CLAIM_LEASE_SECONDS', ['0', '86401'], ['1', '86400'], 'from 1 to 86400'],
      ['SHUTDOWN_TIMEOUT_MS', ['-1', '600001'], ['0', '600000'], 'from 0 to 600000'],
      ['SMTP_PORT', ['0', '65536'], ['1', '465', '65535'], 'from 1 to 65535'],
      ['LOW_STOCK_THRESHOLD', ['-1', '1000001', '2.5'], ['0', '1000000'], 'from 0 to 1000000'],
    ]
    for (const [name, refused, accepted, range] of cases) {
      for (const value of refused) {
        const message = refusal(name, value)
        assert.include(message, name, `${name}=${value}`)
        assert.include(message, range, `${name}=${value}`)
        assert.include(message, `got "${value}"`, `${name}=${value}`)
      }
      for (const value of accepted) assert.strictEqual(check(name, value), Number(value), name)
      if (name !== 'PORT') assert.isUndefined(check(name, undefined), `${name} unset`)
    }
  })

  test('a start without .env (a build, a container) listens and logs on the defaults README.md lists', ({
    assert,
  }) => {
    for (const unset of [undefined, '']) {
      assert.strictEqual(check('PORT', unset), 3333)
      assert.strictEqual(check('HOST', unset), 'localhost')
      assert.strictEqual(check('LOG_LEVEL', unset), 'info')
    }
    assert.strictEqual(check('HOST', '0.0.0.0'), '0.0.0.0')
    assert.include(refusal('HOST', 'bad_host!'), 'HOST must be a host name or IP address')
    assert.include(refusal('LOG_LEVEL', 'loud'), 'LOG_LEVEL must be one of fatal, error')
    // The secrets have no default: a production start without them is refused, naming them.
    assert.include(refusal('APP_KEY', undefined), 'APP_KEY')
    assert.include(refusal('JWT_SECRET', undefined), 'JWT_SECRET')
    assert.include(refusal('NODE_ENV', undefined), 'NODE_ENV is not set')
  })

  test('decimal numbers: tax rate from 0 to 100 percent, cache from 0 to 3600 seconds', ({
    assert,
  }) => {
    for (const value of ['-0.5', '100.001', 'ten', '8,25']) {
      assert.include(refusal('DEFAULT_TAX_RATE', value), 'from 0 to 100 (percent)')
    }
    assert.strictEqual(check('DEFAULT_TAX_RATE', '8.25'), 8.25)
    assert.strictEqual(check('DEFAULT_TAX_RATE', '100'), 100)
    assert.include(refusal('NEAR_STATIC_CACHE_SECONDS', '3601'), 'from 0 to 3600 (seconds)')
    assert.strictEqual(check('NEAR_STATIC_CACHE_SECONDS', '0.5'), 0.5)
  })

  test('durations: refused without a unit, out of range or unreadable; bounds accepted', ({
    assert,
  }) => {
    const access = ['59s', '25h', '0m', '900', '15 minutes ago', '1e3m']
    for (const value of access) {
      assert.include(refusal('ACCESS_TOKEN_TTL', value), 'a duration from 1m to 24h', value)
    }
    for (const value of ['1m', '60s', '15m', '24h', '1.5h']) {
      assert.strictEqual(check('ACCESS_TOKEN_TTL', value), value)
    }
    for (const value of ['59m', '366d', '-30d', 'forever']) {
      assert.include(refusal('REFRESH_TOKEN_TTL', value), 'a duration from 1h to 365d', value)
    }
    for (const value of ['1h', '30d', '365d']) {
      assert.strictEqual(check('REFRESH_TOKEN_TTL', value), value)
    }
    assert.isUndefined(check('ACCESS_TOKEN_TTL', undefined))
  })

  test('claims: JWT_ISSUER and JWT_AUDIENCE may be unset but never empty or blank', ({
    assert,
  }) => {
    for (const name of ['JWT_ISSUER', 'JWT_AUDIENCE'] as const) {
      for (const value of ['', '   ']) assert.include(refusal(name, value), 'must not be empty')
      assert.strictEqual(check(name, 'shop-auth'), 'shop-auth')
    }
    assert.include(refusal('JWT_AUDIENCE', ''), 'the default "commerce-api"')
  })

  test('choices, flags and formats name what they accept', ({ assert }) => {
    assert.include(refusal('NODE_ENV', 'staging'), 'one of development, production, test')
    assert.include(refusal('NODE_ENV', undefined), 'NODE_ENV is not set')
    assert.include(refusal('LOG_LEVEL', 'loud'), 'one of fatal, error, warn, info')
    assert.include(refusal('DB_CONNECTION', 'mysql'), 'one of sqlite, pg')
    assert.include(refusal('MAIL_WORKER', 'yes'), 'MAIL_WORKER must be true or false')
    assert.isFalse(check('SMTP_SECURE', 'false'))
    assert.isTrue(check('HEALTH_DETAILS', '1'))
    assert.include(refusal('HOST', 'bad_host!'), 'HOST must be a host name or IP address')
    assert.include(refusal('SMTP_HOST', 'smtp..example'), 'SMTP_HOST must be a host name')
    assert.include(refusal('MAIL_FROM', 'nobody'), 'MAIL_FROM must be an e-mail address')
    assert.include(refusal('STORE_TIMEZONE', 'Mars/Base'), 'an IANA time zone name')
    assert.strictEqual(check('STORE_TIMEZONE', 'Europe/Berlin'), 'Europe/Berlin')
    assert.include(refusal('CURRENCY', 'usd'), 'an ISO 4217 code')
    assert.include(refusal('DATABASE_URL', 'mysql://db/x'), 'must start with postgres:')
    assert.notInclude(refusal('DATABASE_URL', 'postgres://u:s3cret@'), 's3cret')
  })

  test('MAIL_FILE_DIR: a folder relative to the project or absolute, without control characters', ({
    assert,
  }) => {
    for (const path of ['tmp/mail', '/var/lib/commerce/mail', '../shared mail']) {
      assert.strictEqual(check('MAIL_FILE_DIR', path), path)
    }
    assert.isUndefined(check('MAIL_FILE_DIR', undefined))
    for (const path of ['tmp/\u0000mail', 'tmp/mail\n']) {
      assert.include(
        refusal('MAIL_FILE_DIR', path),
        'MAIL_FILE_DIR must be a folder path, relative to the project or absolute'
      )
    }
  })

  test('pairs: a password is refused without its user name or e-mail, or when weak', ({
    assert,
    cleanup,
  }) => {
    withEnvironment(
      { SMTP_USERNAME: undefined, SUPER_ADMIN_EMAIL: 'owner@example.com', REDIS_URL: undefined },
      cleanup
    )
    assert.include(refusal('SMTP_PASSWORD', 'secret'), 'SMTP_USERNAME is not')
    assert.include(refusal('SUPER_ADMIN_PASSWORD', undefined), 'SUPER_ADMIN_PASSWORD is not')
    const weak = refusal('SUPER_ADMIN_PASSWORD', 'password')
    assert.include(weak, 'SUPER_ADMIN_PASSWORD breaks the password rules')
    assert.notInclude(weak, '"password"')
    assert.strictEqual(
      check('SUPER_ADMIN_PASSWORD', 'Lantern-Harbour-4821'),
      'Lantern-Harbour-4821'
    )
    assert.include(refusal('SESSION_DRIVER', 'redis'), 'SESSION_DRIVER=redis needs REDIS_URL')
  })

  test('payments: stripe refuses to start without each of its keys, naming it', ({
    assert,
    cleanup,
  }) => {
    withEnvironment({ PAYMENT_PROVIDER: 'stripe' }, cleanup)
    for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] as const) {
      const message = refusal(name, undefined)
      assert.equal(message, `PAYMENT_PROVIDER=stripe needs ${name} to be set`)
      assert.strictEqual(check(name, 'set'), 'set')
    }
    assert.include(refusal('PAYMENT_PROVIDER', 'paypal'), 'PAYMENT_PROVIDER')
    assert.include(refusal('STRIPE_API_BASE', 'ftp://127.0.0.1:12111'), 'STRIPE_API_BASE')
    assert.strictEqual(check('STRIPE_API_BASE', 'http://127.0.0.1:12111'), 'http://127.0.0.1:12111')
    assert.include(refusal('PAYMENT_TIMEOUT_MINUTES', '0'), 'a whole number from 1 to 10080')
    // With the manual provider, Stripe's keys may be left out.
    withEnvironment({ PAYMENT_PROVIDER: 'manual' }, cleanup)
    assert.isUndefined(check('STRIPE_SECRET_KEY', undefined))
  })
})
