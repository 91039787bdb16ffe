import { test } from '@japa/runner'
import limiter from '@adonisjs/limiter/services/main'
import { decodeJwt, decodeProtectedHeader } from 'jose'
import RefreshToken from '#models/refresh_token'
import { UserType } from '#enums/user_type'
import { makeUser } from '#tests/helpers/actors'
import { FACTORY_PASSWORD } from '#database/factories/user_factory'
import { expectEnvelope, expectEnvelopeError } from '#tests/helpers/responses'
import {
  OTHER_PASSWORD,
  PASSWORD,
  comparable,
  expectLoginRefused,
  expectTokenAccepted,
  login,
  refreshDigest,
  register,
  registerVerified,
  uniqueEmail,
} from './support.js'
import { eachInTransaction } from '#tests/helpers/transactions'

test.group('POST /auth/login', (group) => {
  eachInTransaction(group)
  group.each.setup(() => limiter.clear())

  test('signs in with a token pair whose claims are those of the decisions', async ({
    client,
    assert,
  }) => {
    const email = uniqueEmail('login')
    const user = await registerVerified(client, email)

    const response = await login(client, `  ${email.toUpperCase()}  `, PASSWORD, 'customer')
    const data = expectEnvelope(assert, response, 200)
    assert.equal(response.header('cache-control'), 'no-store')
    assert.deepEqual(data.user, { id: user.id, email, userType: 'customer', role: 'CUSTOMER' })
    assert.equal(data.tokenType, 'Bearer')
    assert.equal(data.expiresIn, 900)
    assert.isString(data.refreshToken)
    assert.isAtLeast(data.refreshToken.length, 40)

    const header = decodeProtectedHeader(data.accessToken)
    assert.equal(header.alg, 'HS256')
    const claims = decodeJwt(data.accessToken)
    assert.equal(claims.sub, user.id)
    assert.equal(claims.role, 'CUSTOMER')
    assert.equal(claims.ver, 0)
    assert.equal(claims.exp! - claims.iat!, 900)
    assert.isString(claims.iss)
    assert.isString(claims.aud)
    assert.match(claims.jti!, /^[0-9a-f-]{36}$/)

    // The refresh token is stored only as a digest, in the family the access token names.
    const stored = await RefreshToken.query().where('user_id', user.id)
    assert.lengthOf(stored, 1)
    assert.equal(stored[0].tokenHash, refreshDigest(data.refreshToken))
    assert.notEqual(stored[0].tokenHash, data.refreshToken)
    assert.equal(claims.sid, stored[0].familyId)
    assert.isNull(stored[0].revokedAt)
    assert.isNull(stored[0].rotatedAt)
    const days = stored[0].expiresAt.diffNow('days').days
    assert.isAbove(days, 29.9)
    assert.isAtMost(days, 30)

    await expectTokenAccepted(assert, client, data.accessToken)
  })

  test('unknown e-mail, wrong type and wrong password get one identical 401', async ({
    client,
    assert,
  }) => {
    const email = uniqueEmail('same-answer')
    await registerVerified(client, email, 'customer')

    const unknown = await login(client, uniqueEmail('nobody'), PASSWORD, 'customer')
    const wrongType = await login(client, email, PASSWORD, 'seller')
    const wrongPassword = await login(client, email, OTHER_PASSWORD, 'customer')

    expectEnvelopeError(assert, unknown, 401, 'INVALID_CREDENTIALS')
    assert.deepEqual(comparable(wrongType), comparable(unknown))
    assert.deepEqual(comparable(wrongPassword), comparable(unknown))
    assert.equal(wrongPassword.header('cache-control'), 'no-store')
    assert.notExists(unknown.header('www-authenticate'))
  })

  test('an unverified account learns it only after the right password', async ({
    client,
    assert,
  }) => {
    const email = uniqueEmail('unverified')
    expectEnvelope(assert, await register(client, email), 200)

    await expectLoginRefused(assert, client, email, OTHER_PASSWORD)
    expectEnvelopeError(assert, await login(client, email, PASSWORD), 403, 'EMAIL_NOT_VERIFIED')
  })

  test('a deactivated account learns it only after the right password', async ({
    client,
    assert,
  }) => {
    const user = await makeUser(UserType.SELLER, { isActive: false })

    const wrong = await login(client, user.email, OTHER_PASSWORD, 'seller')
    expectEnvelopeError(assert, wrong, 401, 'INVALID_CREDENTIALS')
    const right = await login(client, user.email, FACTORY_PASSWORD, 'seller')
    expectEnvelopeError(assert, right, 403, 'ACCOUNT_DEACTIVATED')
    assert.lengthOf(await RefreshToken.query().where('user_id', user.id), 0)
  })

  test('admin and Super Admin accounts sign in with userType admin', async ({ client, assert }) => {
    const superAdmin = await makeUser(UserType.SUPER_ADMIN)
    const admin = await makeUser(UserType.ADMIN)

    const asSuper = expectEnvelope(
      assert,
      await login(client, superAdmin.email, FACTORY_PASSWORD, 'admin'),
      200
    )
    assert.deepEqual(asSuper.user, {
      id: superAdmin.id,
      email: superAdmin.email,
      userType: 'admin',
      role: 'SUPER_ADMIN',
    })
    assert.equal(decodeJwt(asSuper.accessToken).role, 'SUPER_ADMIN')

    const asAdmin = expectEnvelope(
      assert,
      await login(client, admin.email, FACTORY_PASSWORD, 'admin'),
      200
    )
    assert.equal(asAdmin.user.role, 'ADMIN')

    const asCustomer = await login(client, admin.email, FACTORY_PASSWORD, 'customer')
    expectEnvelopeError(assert, asCustomer, 401, 'INVALID_CREDENTIALS')
  })

  test('refuses invalid input with a message per field', async ({ client, assert }) => {
    const empty = await client.post('/auth/login').json({})
    const error = expectEnvelopeError(assert, empty, 400, 'VALIDATION_FAILED')
    assert.sameMembers(
      error.fields!.map((field) => field.field),
      ['email', 'password', 'userType']
    )

    const badType = await client
      .post('/auth/login')
      .json({ email: uniqueEmail(), password: PASSWORD, userType: 'SUPER_ADMIN' })
    const typeError = expectEnvelopeError(assert, badType, 400, 'VALIDATION_FAILED')
    assert.deepEqual(
      typeError.fields!.map((field) => field.field),
      ['userType']
    )

    const hugePassword = await client
      .post('/auth/login')
      .json({ email: uniqueEmail(), password: 'x'.repeat(10_000), userType: 'customer' })
    expectEnvelopeError(assert, hugePassword, 400, 'VALIDATION_FAILED')

    const notJson = await client
      .post('/auth/login')
      .header('Content-Type', 'application/json')
      .form('{"email":')
    assert.equal(notJson.status(), 400)
    assert.isFalse(notJson.body().isSuccess)
  })

  test('five failures for one e-mail and type throttle it, even for the right password', async ({
    client,
    assert,
  }) => {
    const email = uniqueEmail('throttled')
    await registerVerified(client, email, 'customer')
    await registerVerified(client, email, 'seller')

    for (let attempt = 1; attempt <= 5; attempt++) {
      const response = await login(client, email, OTHER_PASSWORD)
      expectEnvelopeError(assert, response, 401, 'INVALID_CREDENTIALS')
    }
    const blocked = await login(client, email, PASSWORD)
    expectEnvelopeError(assert, blocked, 429, 'TOO_MANY_REQUESTS')
    const retryAfter = Number(blocked.header('retry-after'))
    assert.isAbove(retryAfter, 0)
    assert.isAtMost(retryAfter, 15 * 60)
    assert.equal(blocked.header('cache-control'), 'no-store')

    // The same address's seller account is a different key.
    expectEnvelope(assert, await login(client, email, PASSWORD, 'seller'), 200)
  })

  test('a successful login clears the failures of its account', async ({ client, assert }) => {
    const email = uniqueEmail('recovers')
    await registerVerified(client, email)
    for (let attempt = 1; attempt <= 4; attempt++) {
      await expectLoginRefused(assert, client, email, OTHER_PASSWORD)
    }
    expectEnvelope(assert, await login(client, email, PASSWORD), 200)
    for (let attempt = 1; attempt <= 4; attempt++) {
      await expectLoginRefused(assert, client, email, OTHER_PASSWORD)
    }
    expectEnvelope(assert, await login(client, email, PASSWORD), 200)
  })

  test('fifty failures from one client address throttle the address', async ({
    client,
    assert,
  }) => {
    const email = uniqueEmail('address')
    await registerVerified(client, email)

    for (let batch = 0; batch < 5; batch++) {
      const responses = await Promise.all(
        Array.from({ length: 10 }, () => login(client, uniqueEmail('guess'), OTHER_PASSWORD))
      )
      for (const response of responses) {
        expectEnvelopeError(assert, response, 401, 'INVALID_CREDENTIALS')
      }
    }
    const blocked = await login(client, email, PASSWORD)
    expectEnvelopeError(assert, blocked, 429, 'TOO_MANY_REQUESTS')
    assert.isAbove(Number(blocked.header('retry-after')), 0)
  }).timeout(60_000)
})
