import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import type { Assert } from '@japa/assert'
import app from '@adonisjs/core/services/app'
import limiter from '@adonisjs/limiter/services/main'
import { COUPON_GUESSES_PER_MINUTE } from '#services/coupons/coupon_guess_limiter'
import PolicyConsent from '#models/policy_consent'
import { PolicyFactory } from '#database/factories/policy_factory'
import { UserType } from '#enums/user_type'
import { actor } from '#tests/helpers/actors'
import { expectEnvelope } from '#tests/helpers/responses'
import { withProxyTrust } from '#tests/helpers/proxy'
import { eachInTransaction } from '#tests/helpers/transactions'

const FORGED = '203.0.113.77'
const LOCAL = /^(::ffff:)?127\.0\.0\.1$|^::1$/

test.group('TRUST_PROXY: the address stored on a consent record', (group) => {
  eachInTransaction(group)

  /** Consents with a forged header and answers the address the record keeps. */
  async function consent(client: ApiClient, assert: Assert, forwardedFor: string) {
    const policy = await PolicyFactory.create()
    const { authorization } = await actor(UserType.CUSTOMER)
    const response = await client
      .post('/policy-consent')
      .header('Authorization', authorization)
      .header('X-Forwarded-For', forwardedFor)
      .json({ policyId: policy.id })
    const data = expectEnvelope(assert, response, 201)
    const stored = await PolicyConsent.findOrFail(data.id)
    return stored.ipAddress
  }

  test('by default a forged X-Forwarded-For is ignored', async ({ client, assert }) => {
    assert.match(await consent(client, assert, FORGED), LOCAL)
  })

  test('a proxy list that does not include the connecting hop is not believed', async ({
    client,
    assert,
  }) => {
    await withProxyTrust('10.0.0.0/8', async () => {
      assert.match(await consent(client, assert, FORGED), LOCAL)
    })
  })

  test('a trusted hop names the client', async ({ client, assert }) => {
    await withProxyTrust('loopback', async () => {
      assert.equal(await consent(client, assert, FORGED), FORGED)
    })
  })

  test('a hop count believes only that many hops', async ({ client, assert }) => {
    await withProxyTrust('1', async () => {
      // The client put 198.51.100.1 in the header itself; the one trusted hop appended FORGED.
      assert.equal(await consent(client, assert, `198.51.100.1, ${FORGED}`), FORGED)
    })
  })
})

/** Loads the environment schema in a fresh process, as a boot would; answers exit code and output. */
async function bootEnvironment(trustProxy: string) {
  const child = spawn(process.execPath, ['--import=@poppinss/ts-exec', 'start/env.ts'], {
    cwd: app.makePath(),
    env: { ...process.env, TRUST_PROXY: trustProxy },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (chunk) => (output += chunk))
  child.stderr.on('data', (chunk) => (output += chunk))
  const [code] = await once(child, 'exit')
  return { code: code as number, output }
}

test.group('TRUST_PROXY at boot', () => {
  test('accepts false, true, loopback, a CIDR list and a hop count', async ({ assert }) => {
    for (const setting of ['false', 'true', 'loopback', 'loopback, 10.0.0.0/8, fd00::/8', '2']) {
      const { code, output } = await bootEnvironment(setting)
      assert.equal(code, 0, `${setting}: ${output}`)
    }
  }).timeout(60_000)

  test('stops the boot on a value it cannot read, naming the variable', async ({ assert }) => {
    const { code, output } = await bootEnvironment('everyone')
    assert.notEqual(code, 0)
    assert.include(output, 'TRUST_PROXY')
  }).timeout(30_000)
})

test.group('TRUST_PROXY: the address of a per-address limit', (group) => {
  group.each.setup(async () => {
    await limiter.clear()
    return () => limiter.clear()
  })
  eachInTransaction(group)

  /** One unknown-code lookup by each of `count` users, each claiming its own address. */
  async function guessesFromForgedAddresses(client: ApiClient, count: number) {
    const statuses: number[] = []
    for (let index = 0; index < count; index++) {
      const { authorization } = await actor(UserType.CUSTOMER)
      const response = await client
        .get(`/api/v1/coupons/NOPE-${index}`)
        .header('Authorization', authorization)
        .header('X-Forwarded-For', `198.51.100.${index + 1}`)
      statuses.push(response.status())
    }
    return statuses
  }

  test('by default a forged X-Forwarded-For does not escape the per-address limit', async ({
    client,
    assert,
  }) => {
    const statuses = await guessesFromForgedAddresses(client, COUPON_GUESSES_PER_MINUTE + 1)
    assert.deepEqual(statuses, [...Array(COUPON_GUESSES_PER_MINUTE).fill(404), 429])
  })

  test('from a trusted hop the forwarded address is the one limited', async ({
    client,
    assert,
  }) => {
    await withProxyTrust('loopback', async () => {
      const statuses = await guessesFromForgedAddresses(client, COUPON_GUESSES_PER_MINUTE + 1)
      assert.deepEqual(statuses, Array(COUPON_GUESSES_PER_MINUTE + 1).fill(404))
    })
  })
})
