import { test } from '@japa/runner'
import limiter from '@adonisjs/limiter/services/main'
import logger from '@adonisjs/core/services/logger'
import { UserType } from '#enums/user_type'
import { actor } from '#tests/helpers/actors'
import { expectEnvelopeError } from '#tests/helpers/responses'
import { registerVerified, uniqueEmail } from './support.js'
import { eachInTransaction } from '#tests/helpers/transactions'

const SOME_ID = '3c1f6d2a-7b4e-4f0a-9e8d-1a2b3c4d5e6f'

/** Every account route with input that fails validation (or a missing token). */
const ROUTES: Array<{ method: 'get' | 'post' | 'put'; path: string; status: number }> = [
  { method: 'post', path: '/auth/register', status: 400 },
  { method: 'get', path: '/auth/otp-verification', status: 400 },
  { method: 'post', path: '/auth/otp-verification', status: 400 },
  { method: 'post', path: '/auth/login', status: 400 },
  { method: 'post', path: '/auth/refresh', status: 400 },
  { method: 'post', path: '/auth/logout', status: 401 },
  { method: 'get', path: '/auth/forget-password', status: 400 },
  { method: 'post', path: '/auth/forget-password', status: 400 },
  { method: 'get', path: '/auth/reset-password', status: 400 },
  { method: 'post', path: '/auth/reset-password', status: 400 },
  { method: 'put', path: '/auth/change-password', status: 401 },
  { method: 'put', path: `/auth/${SOME_ID}/change-user-type`, status: 401 },
  { method: 'put', path: `/auth/${SOME_ID}/deactivate`, status: 401 },
  { method: 'put', path: `/auth/${SOME_ID}/activate`, status: 401 },
]

test.group('Account routes: envelope, caching and logs', (group) => {
  eachInTransaction(group)
  group.each.setup(() => limiter.clear())

  test('every route answers a failure with the envelope and Cache-Control: no-store', async ({
    client,
    assert,
  }) => {
    for (const route of ROUTES) {
      const response = await client[route.method](route.path)
      const code = route.status === 400 ? 'VALIDATION_FAILED' : 'UNAUTHORIZED'
      expectEnvelopeError(assert, response, route.status, code)
      assert.equal(response.header('cache-control'), 'no-store', `${route.method} ${route.path}`)
      assert.include(response.header('content-type') ?? '', 'application/json')
    }
  })

  test('an unknown account path and a wrong method answer with the envelope too', async ({
    client,
    assert,
  }) => {
    const unknown = await client.get('/auth/whoami')
    expectEnvelopeError(assert, unknown, 404, 'ROUTE_NOT_FOUND')
    assert.equal(unknown.header('cache-control'), 'no-store')

    const wrongMethod = await client.delete('/auth/login')
    expectEnvelopeError(assert, wrongMethod, 405, 'METHOD_NOT_ALLOWED')
    assert.include(wrongMethod.header('allow') ?? '', 'POST')
  })

  test('HEAD on the state-changing GET routes is 405 without running them', async ({
    client,
    assert,
  }) => {
    for (const path of [
      '/auth/otp-verification',
      '/auth/forget-password',
      '/auth/reset-password',
    ]) {
      const response = await client.head(path)
      assert.equal(response.status(), 405, path)
      assert.equal(response.header('cache-control'), 'no-store')
      assert.equal(response.header('allow'), 'GET, POST')
    }
  })

  test('thirty unauthenticated auth calls a minute per address, then 429', async ({
    client,
    assert,
  }) => {
    for (let call = 1; call <= 30; call++) {
      const response = await client.post('/auth/forget-password').json({ email: uniqueEmail() })
      assert.equal(response.status(), 200, `call ${call}`)
    }
    const blocked = await client.get('/auth/otp-verification').qs({ userId: SOME_ID, otp: '1' })
    expectEnvelopeError(assert, blocked, 429, 'TOO_MANY_REQUESTS')
    assert.isAbove(Number(blocked.header('retry-after')), 0)
    assert.isAtMost(Number(blocked.header('retry-after')), 60)
    assert.equal(blocked.header('cache-control'), 'no-store')
  })

  test('secrets sent in a query string never reach a log line', async ({
    client,
    assert,
    cleanup,
  }) => {
    const lines: unknown[] = []
    const originalChild = logger.child
    logger.child = function (this: typeof logger, ...args: Parameters<typeof logger.child>) {
      const child = originalChild.apply(this, args)
      for (const level of ['trace', 'debug', 'info', 'warn', 'error', 'fatal'] as const) {
        const original = child[level].bind(child)
        child[level] = ((...entry: unknown[]) => {
          lines.push(entry)
          return (original as (...values: unknown[]) => void)(...entry)
        }) as (typeof child)[typeof level]
      }
      return child
    } as typeof logger.child
    cleanup(() => {
      logger.child = originalChild
    })

    const email = uniqueEmail('logged')
    await registerVerified(client, email)
    const { authorization } = await actor(UserType.CUSTOMER)
    const secrets = ['Query-Secret-Pass-1', 'Query-Secret-Pass-2', '918273']
    await client.get('/auth/reset-password').qs({ email, otp: secrets[2], newPassword: secrets[0] })
    await client
      .put('/auth/change-password')
      .header('Authorization', authorization)
      .qs({ oldPassword: secrets[0], newPassword: secrets[1] })
    await client.get('/auth/otp-verification').qs({ userId: SOME_ID, otp: secrets[2] })

    const logged = JSON.stringify(lines)
    assert.include(logged, '/auth/reset-password', 'the request lines were captured')
    for (const secret of secrets) assert.notInclude(logged, secret)
    assert.notInclude(logged, 'newPassword=')
  })
})
