import { test } from '@japa/runner'
import limiter from '@adonisjs/limiter/services/main'
import OneTimeCode from '#models/one_time_code'
import RefreshToken from '#models/refresh_token'
import { CodePurpose } from '#enums/code_purpose'
import { UserType, loginTypeOf } from '#enums/user_type'
import { actor, makeUser } from '#tests/helpers/actors'
import { FACTORY_PASSWORD } from '#database/factories/user_factory'
import { expectEnvelope, expectEnvelopeError } from '#tests/helpers/responses'
import {
  OTHER_PASSWORD,
  PASSWORD,
  comparable,
  expectLogin,
  expectLoginRefused,
  expireCodes,
  isVerified,
  mailCount,
  passResendMinute,
  passwordHashOf,
  probe,
  register,
  registerVerified,
  signIn,
  takeMail,
  uniqueEmail,
} from './support.js'
import { eachInTransaction } from '#tests/helpers/transactions'

const NEW_PASSWORD = 'Silver-Meadow-5519'

function forget(client: Parameters<typeof register>[0], query: Record<string, string>) {
  return client.get('/auth/forget-password').qs(query)
}

/** Requests a reset for one account type and returns the code mailed for it. */
async function resetCode(
  client: Parameters<typeof register>[0],
  email: string,
  userType: 'customer' | 'seller' | 'admin' = 'customer'
): Promise<string> {
  await forget(client, { email, userType })
  const mail = await takeMail('password_reset', email)
  return mail.codes[0].code
}

async function resetAttempts(userId: string) {
  const code = await OneTimeCode.query()
    .where('user_id', userId)
    .where('purpose', CodePurpose.PASSWORD_RESET)
    .firstOrFail()
  return code.attempts
}

test.group('GET and POST /auth/forget-password', (group) => {
  eachInTransaction(group)
  group.each.setup(() => limiter.clear())

  test('answers the same for an existing and an unknown address', async ({ client, assert }) => {
    const email = uniqueEmail('exists')
    await registerVerified(client, email)

    const existing = await forget(client, { email })
    const unknown = await forget(client, { email: uniqueEmail('unknown') })
    const message = expectEnvelope(assert, existing, 200)
    assert.isString(message)
    assert.deepEqual(comparable(unknown), comparable(existing))
    assert.equal(unknown.header('cache-control'), 'no-store')

    const withType = await forget(client, { email, userType: 'seller' })
    assert.deepEqual(comparable(withType), comparable(existing))

    assert.equal(await mailCount('password_reset', email), 1)
  })

  test('without userType, one mail carries a code for each account of the address', async ({
    client,
    assert,
  }) => {
    const email = uniqueEmail('several')
    const customer = await registerVerified(client, email, 'customer')
    const seller = await registerVerified(client, email, 'seller', OTHER_PASSWORD)

    expectEnvelope(assert, await forget(client, { email: email.toUpperCase() }), 200)
    const mail = await takeMail('password_reset', email)
    assert.equal(mail.ttlMinutes, 10)
    assert.sameMembers(
      mail.codes.map((entry: { userType: string }) => entry.userType),
      ['customer', 'seller']
    )
    for (const entry of mail.codes) assert.match(entry.code, /^\d{6}$/)

    // Each code is bound to its own account: the seller's code resets only the seller.
    const sellerCode = mail.codes.find((entry: { userType: string }) => entry.userType === 'seller')
    const response = await client
      .post('/auth/reset-password')
      .json({ email, otp: sellerCode.code, newPassword: NEW_PASSWORD })
    expectEnvelope(assert, response, 200)
    await expectLogin(assert, client, email, NEW_PASSWORD, 'seller')
    await expectLogin(assert, client, email, PASSWORD, 'customer')
    assert.notEqual(await passwordHashOf(seller.id), await passwordHashOf(customer.id))
  })

  test('with userType, only that account gets a code', async ({ client, assert }) => {
    const email = uniqueEmail('typed')
    await registerVerified(client, email, 'customer')
    const seller = await registerVerified(client, email, 'seller')

    const response = await client.post('/auth/forget-password').json({ email, userType: 'seller' })
    expectEnvelope(assert, response, 200)
    const mail = await takeMail('password_reset', email)
    assert.deepEqual(
      mail.codes.map((entry: { userType: string }) => entry.userType),
      ['seller']
    )
    const codes = await OneTimeCode.query().where('purpose', CodePurpose.PASSWORD_RESET)
    const owners = codes.map((code) => code.userId)
    assert.include(owners, seller.id)
    assert.lengthOf(
      codes.filter((code) => code.userId === seller.id),
      1
    )
  })

  test('an unknown address queues nothing', async ({ client, assert }) => {
    const email = uniqueEmail('ghost')
    expectEnvelope(assert, await forget(client, { email }), 200)
    assert.equal(await mailCount('password_reset', email), 0)
  })

  test('a repeat within the minute answers the same and sends nothing more', async ({
    client,
    assert,
  }) => {
    const email = uniqueEmail('repeat')
    const user = await registerVerified(client, email)
    const first = await forget(client, { email })
    const second = await forget(client, { email })
    assert.deepEqual(comparable(second), comparable(first))
    assert.equal(await mailCount('password_reset', email), 1)

    await passResendMinute(user.id, CodePurpose.PASSWORD_RESET)
    expectEnvelope(assert, await forget(client, { email }), 200)
    assert.equal(await mailCount('password_reset', email), 2)
  })

  test('refuses invalid input with a message per field', async ({ client, assert }) => {
    const missing = await client.get('/auth/forget-password')
    const error = expectEnvelopeError(assert, missing, 400, 'VALIDATION_FAILED')
    assert.deepEqual(
      error.fields!.map((field) => field.field),
      ['email']
    )
    const badType = await forget(client, { email: uniqueEmail(), userType: 'root' })
    const typeError = expectEnvelopeError(assert, badType, 400, 'VALIDATION_FAILED')
    assert.deepEqual(
      typeError.fields!.map((field) => field.field),
      ['userType']
    )
    expectEnvelopeError(assert, await forget(client, { email: 'nope' }), 400, 'VALIDATION_FAILED')
  })

  test('HEAD is refused with 405 and queues nothing', async ({ client, assert }) => {
    const email = uniqueEmail('head')
    await registerVerified(client, email)
    const response = await client.head('/auth/forget-password').qs({ email })
    assert.equal(response.status(), 405)
    assert.equal(response.header('cache-control'), 'no-store')
    assert.equal(await mailCount('password_reset', email), 0)
  })
})

test.group('GET and POST /auth/reset-password', (group) => {
  eachInTransaction(group)
  group.each.setup(() => limiter.clear())

  test('the query form sets the password, verifies the e-mail and ends every session', async ({
    client,
    assert,
  }) => {
    const email = uniqueEmail('reset')
    const user = await registerVerified(client, email)
    const session = await signIn(client, email)
    const code = await resetCode(client, email)

    const response = await client
      .get('/auth/reset-password')
      .qs({ email, otp: code, newPassword: NEW_PASSWORD })
    assert.isString(expectEnvelope(assert, response, 200))
    assert.equal(response.header('cache-control'), 'no-store')

    await user.refresh()
    assert.equal(user.tokenVersion, 1)
    const refreshTokens = await RefreshToken.query().where('user_id', user.id)
    for (const token of refreshTokens) assert.isNotNull(token.revokedAt)
    expectEnvelopeError(assert, await probe(client, session.accessToken), 401, 'TOKEN_REVOKED')

    await expectLoginRefused(assert, client, email, PASSWORD)
    await expectLogin(assert, client, email, NEW_PASSWORD)

    // Single use.
    const again = await client
      .post('/auth/reset-password')
      .json({ email, otp: code, newPassword: 'Another-Orchard-2207' })
    expectEnvelopeError(assert, again, 400, 'INVALID_OTP')
    await expectLogin(assert, client, email, NEW_PASSWORD)
  })

  test('the JSON body form works and marks an unverified e-mail verified', async ({
    client,
    assert,
  }) => {
    const email = uniqueEmail('unverified-reset')
    const registered = await register(client, email, 'seller')
    const id = registered.body().data.id
    await takeMail('verification_code', email)
    assert.isFalse(await isVerified(id))

    const code = await resetCode(client, email, 'seller')
    const response = await client
      .post('/auth/reset-password')
      .json({ email, otp: code, newPassword: NEW_PASSWORD, userType: 'seller' })
    expectEnvelope(assert, response, 200)
    assert.isTrue(await isVerified(id))
    await expectLogin(assert, client, email, NEW_PASSWORD, 'seller')
  })

  test('a wrong code is INVALID_OTP and counts a try; five kill the code', async ({
    client,
    assert,
  }) => {
    const email = uniqueEmail('guess')
    const user = await registerVerified(client, email)
    const code = await resetCode(client, email)
    const before = await passwordHashOf(user.id)

    for (let attempt = 1; attempt <= 5; attempt++) {
      const wrong = String((Number(code) + attempt) % 1_000_000).padStart(6, '0')
      const response = await client
        .post('/auth/reset-password')
        .json({ email, otp: wrong, newPassword: NEW_PASSWORD })
      expectEnvelopeError(assert, response, 400, 'INVALID_OTP')
      assert.equal(await resetAttempts(user.id), attempt)
    }
    const right = await client
      .post('/auth/reset-password')
      .json({ email, otp: code, newPassword: NEW_PASSWORD })
    expectEnvelopeError(assert, right, 400, 'INVALID_OTP')
    assert.equal(await passwordHashOf(user.id), before)
  })

  test('an expired code is refused', async ({ client, assert }) => {
    const email = uniqueEmail('late')
    const user = await registerVerified(client, email)
    const code = await resetCode(client, email)
    await expireCodes(user.id)
    const response = await client
      .post('/auth/reset-password')
      .json({ email, otp: code, newPassword: NEW_PASSWORD })
    expectEnvelopeError(assert, response, 400, 'INVALID_OTP')
    await expectLogin(assert, client, email, PASSWORD)
  })

  test('a code of another type is refused when userType names the account', async ({
    client,
    assert,
  }) => {
    const email = uniqueEmail('mismatch')
    await registerVerified(client, email, 'customer')
    await registerVerified(client, email, 'seller')
    const sellerCode = await resetCode(client, email, 'seller')

    const response = await client
      .post('/auth/reset-password')
      .json({ email, otp: sellerCode, newPassword: NEW_PASSWORD, userType: 'customer' })
    expectEnvelopeError(assert, response, 400, 'INVALID_OTP')
    await expectLogin(assert, client, email, PASSWORD, 'seller')
    await expectLogin(assert, client, email, PASSWORD, 'customer')
  })

  test('an unknown address answers exactly like a wrong code', async ({ client, assert }) => {
    const email = uniqueEmail('known')
    await registerVerified(client, email)
    await resetCode(client, email)

    const known = await client
      .post('/auth/reset-password')
      .json({ email, otp: '000000', newPassword: NEW_PASSWORD })
    const unknown = await client
      .post('/auth/reset-password')
      .json({ email: uniqueEmail('unknown'), otp: '000000', newPassword: NEW_PASSWORD })
    expectEnvelopeError(assert, unknown, 400, 'INVALID_OTP')
    assert.deepEqual(comparable(unknown), comparable(known))

    // The password rules are judged before any lookup, so they do not tell either.
    const weakKnown = await client
      .post('/auth/reset-password')
      .json({ email, otp: '000000', newPassword: 'password123' })
    const weakUnknown = await client
      .post('/auth/reset-password')
      .json({ email: uniqueEmail('unknown'), otp: '000000', newPassword: 'password123' })
    expectEnvelopeError(assert, weakKnown, 400, 'WEAK_PASSWORD')
    assert.deepEqual(comparable(weakUnknown), comparable(weakKnown))
  })

  test('refuses invalid input with a message per field', async ({ client, assert }) => {
    const missing = await client.get('/auth/reset-password')
    const error = expectEnvelopeError(assert, missing, 400, 'VALIDATION_FAILED')
    assert.sameMembers(
      error.fields!.map((field) => field.field),
      ['email', 'otp', 'newPassword']
    )
    const short = await client
      .get('/auth/reset-password')
      .qs({ email: uniqueEmail(), otp: '123456', newPassword: 'short' })
    const shortError = expectEnvelopeError(assert, short, 400, 'VALIDATION_FAILED')
    assert.deepEqual(
      shortError.fields!.map((field) => field.field),
      ['newPassword']
    )
  })

  test('HEAD is refused with 405 and changes nothing', async ({ client, assert }) => {
    const email = uniqueEmail('head-reset')
    const user = await registerVerified(client, email)
    const code = await resetCode(client, email)
    const before = await passwordHashOf(user.id)

    const response = await client
      .head('/auth/reset-password')
      .qs({ email, otp: code, newPassword: NEW_PASSWORD })
    assert.equal(response.status(), 405)
    assert.equal(await passwordHashOf(user.id), before)
    assert.equal(await resetAttempts(user.id), 0)

    // The code is still live afterwards.
    const real = await client
      .get('/auth/reset-password')
      .qs({ email, otp: code, newPassword: NEW_PASSWORD })
    expectEnvelope(assert, real, 200)
  })
})

test.group('PUT /auth/change-password', (group) => {
  eachInTransaction(group)
  group.each.setup(() => limiter.clear())

  test('needs a token', async ({ client, assert }) => {
    const response = await client
      .put('/auth/change-password')
      .json({ oldPassword: PASSWORD, newPassword: NEW_PASSWORD })
    expectEnvelopeError(assert, response, 401, 'UNAUTHORIZED')
    assert.equal(response.header('cache-control'), 'no-store')
  })

  test('the query form changes the password and ends every session, the current one too', async ({
    client,
    assert,
  }) => {
    const user = await makeUser(UserType.SELLER)
    const session = await signIn(client, user.email, FACTORY_PASSWORD, 'seller')
    const other = await signIn(client, user.email, FACTORY_PASSWORD, 'seller')

    const response = await client
      .put('/auth/change-password')
      .header('Authorization', `Bearer ${session.accessToken}`)
      .qs({ oldPassword: FACTORY_PASSWORD, newPassword: NEW_PASSWORD })
    assert.isString(expectEnvelope(assert, response, 200))
    assert.equal(response.header('cache-control'), 'no-store')

    await user.refresh()
    assert.equal(user.tokenVersion, 1)
    expectEnvelopeError(assert, await probe(client, session.accessToken), 401, 'TOKEN_REVOKED')
    expectEnvelopeError(assert, await probe(client, other.accessToken), 401, 'TOKEN_REVOKED')
    const refreshed = await client.post('/auth/refresh').json({ refreshToken: other.refreshToken })
    expectEnvelopeError(assert, refreshed, 401, 'INVALID_REFRESH_TOKEN')

    await expectLogin(assert, client, user.email, NEW_PASSWORD, 'seller')
    await expectLoginRefused(assert, client, user.email, FACTORY_PASSWORD, 'seller')
  })

  test('the JSON body form changes the password', async ({ client, assert }) => {
    const { user, authorization } = await actor(UserType.CUSTOMER)
    const response = await client
      .put('/auth/change-password')
      .header('Authorization', authorization)
      .json({ oldPassword: FACTORY_PASSWORD, newPassword: NEW_PASSWORD })
    expectEnvelope(assert, response, 200)
    await expectLogin(assert, client, user.email, NEW_PASSWORD)
  })

  test('a wrong current password, an unchanged one and a weak one are refused', async ({
    client,
    assert,
  }) => {
    const { user, authorization } = await actor(UserType.CUSTOMER)
    const before = await passwordHashOf(user.id)
    const put = (body: Record<string, unknown>) =>
      client.put('/auth/change-password').header('Authorization', authorization).json(body)

    expectEnvelopeError(
      assert,
      await put({ oldPassword: OTHER_PASSWORD, newPassword: NEW_PASSWORD }),
      400,
      'INVALID_CURRENT_PASSWORD'
    )
    expectEnvelopeError(
      assert,
      await put({ oldPassword: FACTORY_PASSWORD, newPassword: FACTORY_PASSWORD }),
      400,
      'PASSWORD_UNCHANGED'
    )
    const weak = await put({ oldPassword: FACTORY_PASSWORD, newPassword: 'password123' })
    const error = expectEnvelopeError(assert, weak, 400, 'WEAK_PASSWORD')
    assert.deepEqual(
      error.fields!.map((field) => field.field),
      ['newPassword']
    )
    const sameAsEmail = await put({ oldPassword: FACTORY_PASSWORD, newPassword: user.email })
    expectEnvelopeError(assert, sameAsEmail, 400, 'WEAK_PASSWORD')

    assert.equal(await passwordHashOf(user.id), before)
    await user.refresh()
    assert.equal(user.tokenVersion, 0)
  })

  test('five wrong current passwords throttle the account, even for the right one', async ({
    client,
    assert,
  }) => {
    const { user, authorization } = await actor(UserType.CUSTOMER)
    const put = (oldPassword: string) =>
      client
        .put('/auth/change-password')
        .header('Authorization', authorization)
        .json({ oldPassword, newPassword: NEW_PASSWORD })

    for (let attempt = 1; attempt <= 5; attempt++) {
      expectEnvelopeError(assert, await put(OTHER_PASSWORD), 400, 'INVALID_CURRENT_PASSWORD')
    }
    const blocked = await put(FACTORY_PASSWORD)
    expectEnvelopeError(assert, blocked, 429, 'TOO_MANY_REQUESTS')
    const retryAfter = Number(blocked.header('retry-after'))
    assert.isAbove(retryAfter, 0)
    assert.isAtMost(retryAfter, 15 * 60)
    await expectLogin(assert, client, user.email, FACTORY_PASSWORD)

    // Another account is not affected.
    const other = await actor(UserType.CUSTOMER)
    const allowed = await client
      .put('/auth/change-password')
      .header('Authorization', other.authorization)
      .json({ oldPassword: FACTORY_PASSWORD, newPassword: NEW_PASSWORD })
    expectEnvelope(assert, allowed, 200)
  })

  test('refuses invalid input with a message per field', async ({ client, assert }) => {
    const { authorization } = await actor(UserType.CUSTOMER)
    const response = await client
      .put('/auth/change-password')
      .header('Authorization', authorization)
    const error = expectEnvelopeError(assert, response, 400, 'VALIDATION_FAILED')
    assert.sameMembers(
      error.fields!.map((field) => field.field),
      ['oldPassword', 'newPassword']
    )
    const tooLong = await client
      .put('/auth/change-password')
      .header('Authorization', authorization)
      .json({ oldPassword: FACTORY_PASSWORD, newPassword: 'x'.repeat(129) })
    expectEnvelopeError(assert, tooLong, 400, 'VALIDATION_FAILED')
  })

  test('every account type may change its own password', async ({ client, assert }) => {
    for (const type of [UserType.SELLER, UserType.ADMIN, UserType.SUPER_ADMIN]) {
      const { user, authorization } = await actor(type)
      const response = await client
        .put('/auth/change-password')
        .header('Authorization', authorization)
        .json({ oldPassword: FACTORY_PASSWORD, newPassword: NEW_PASSWORD })
      expectEnvelope(assert, response, 200)
      await expectLogin(assert, client, user.email, NEW_PASSWORD, loginTypeOf(type))
    }
  })
})
