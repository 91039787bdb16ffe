import { test } from '@japa/runner'
import limiter from '@adonisjs/limiter/services/main'
import User from '#models/user'
import OneTimeCode from '#models/one_time_code'
import { CodePurpose } from '#enums/code_purpose'
import { expectEnvelope, expectEnvelopeError } from '#tests/helpers/responses'
import { expireCodes, isVerified, register, takeMail, uniqueEmail } from './support.js'
import { eachInTransaction } from '#tests/helpers/transactions'

/** A registered, unverified account and the code mailed to it. */
async function pendingAccount(client: Parameters<typeof register>[0]) {
  const email = uniqueEmail('verify')
  const response = await register(client, email)
  const { code } = await takeMail('verification_code', email)
  return { id: response.body().data.id as string, email, code: code as string }
}

/** A six-digit code that is not `code`. */
const wrongCode = (code: string, offset = 1) =>
  String((Number(code) + offset) % 1_000_000).padStart(6, '0')

async function liveCode(userId: string) {
  return OneTimeCode.query()
    .where('user_id', userId)
    .where('purpose', CodePurpose.EMAIL_VERIFICATION)
    .firstOrFail()
}

async function attemptsOf(userId: string) {
  const code = await liveCode(userId)
  return code.attempts
}

async function consumedAtOf(userId: string) {
  const code = await liveCode(userId)
  return code.consumedAt
}

test.group('GET and POST /auth/otp-verification', (group) => {
  eachInTransaction(group)
  group.each.setup(() => limiter.clear())

  test('the query form verifies the e-mail and uses the code up', async ({ client, assert }) => {
    const account = await pendingAccount(client)
    const response = await client
      .get('/auth/otp-verification')
      .qs({ userId: account.id, otp: account.code })

    assert.isTrue(expectEnvelope(assert, response, 200))
    assert.equal(response.header('cache-control'), 'no-store')
    const user = await User.findOrFail(account.id)
    assert.isTrue(user.isVerified)
    const code = await liveCode(account.id)
    assert.isNotNull(code.consumedAt)
    assert.equal(code.attempts, 0)
  })

  test('the JSON body form verifies the e-mail', async ({ client, assert }) => {
    const account = await pendingAccount(client)
    const response = await client
      .post('/auth/otp-verification')
      .json({ userId: account.id, otp: account.code })
    assert.isTrue(expectEnvelope(assert, response, 200))
    assert.isTrue(await isVerified(account.id))
  })

  test('an account already verified answers true again', async ({ client, assert }) => {
    const account = await pendingAccount(client)
    await client.post('/auth/otp-verification').json({ userId: account.id, otp: account.code })
    const again = await client
      .post('/auth/otp-verification')
      .json({ userId: account.id, otp: account.code })
    assert.isTrue(expectEnvelope(assert, again, 200))
  })

  test('refuses invalid input with a message per field', async ({ client, assert }) => {
    const missing = await client.get('/auth/otp-verification')
    const error = expectEnvelopeError(assert, missing, 400, 'VALIDATION_FAILED')
    assert.sameMembers(
      error.fields!.map((field) => field.field),
      ['userId', 'otp']
    )
    assert.equal(missing.header('cache-control'), 'no-store')

    const account = await pendingAccount(client)
    const notUuid = await client.get('/auth/otp-verification').qs({ userId: 'abc', otp: '123456' })
    const notUuidError = expectEnvelopeError(assert, notUuid, 400, 'VALIDATION_FAILED')
    assert.deepEqual(
      notUuidError.fields!.map((field) => field.field),
      ['userId']
    )

    // A repeated query parameter is ambiguous, so it is refused rather than guessed.
    const repeated = await client.get(
      `/auth/otp-verification?userId=${account.id}&otp=${account.code}&otp=${account.code}`
    )
    expectEnvelopeError(assert, repeated, 400, 'VALIDATION_FAILED')

    const tooLong = await client
      .post('/auth/otp-verification')
      .json({ userId: account.id, otp: '1'.repeat(100) })
    expectEnvelopeError(assert, tooLong, 400, 'VALIDATION_FAILED')

    assert.isFalse(await isVerified(account.id))
    assert.equal(await attemptsOf(account.id), 0)
  })

  test('a wrong code is a 400 INVALID_OTP, never data false, and counts one try', async ({
    client,
    assert,
  }) => {
    const account = await pendingAccount(client)
    const response = await client
      .get('/auth/otp-verification')
      .qs({ userId: account.id, otp: wrongCode(account.code) })
    expectEnvelopeError(assert, response, 400, 'INVALID_OTP')
    assert.equal(response.header('cache-control'), 'no-store')
    assert.equal(await attemptsOf(account.id), 1)
    assert.isFalse(await isVerified(account.id))

    const malformed = await client
      .get('/auth/otp-verification')
      .qs({ userId: account.id, otp: 'abcdef' })
    expectEnvelopeError(assert, malformed, 400, 'INVALID_OTP')
    assert.equal(await attemptsOf(account.id), 2)
  })

  test('an unknown account is INVALID_OTP too', async ({ client, assert }) => {
    const response = await client
      .get('/auth/otp-verification')
      .qs({ userId: '0b7e2c4e-8f1a-4c39-9a57-6f2d9f0f3c11', otp: '123456' })
    expectEnvelopeError(assert, response, 400, 'INVALID_OTP')
  })

  test('five wrong tries kill the code: the right one is refused afterwards', async ({
    client,
    assert,
  }) => {
    const account = await pendingAccount(client)
    for (let attempt = 1; attempt <= 5; attempt++) {
      const response = await client
        .post('/auth/otp-verification')
        .json({ userId: account.id, otp: wrongCode(account.code, attempt) })
      expectEnvelopeError(assert, response, 400, 'INVALID_OTP')
    }
    assert.equal(await attemptsOf(account.id), 5)

    const right = await client
      .post('/auth/otp-verification')
      .json({ userId: account.id, otp: account.code })
    expectEnvelopeError(assert, right, 400, 'INVALID_OTP')
    assert.isFalse(await isVerified(account.id))
    assert.equal(await attemptsOf(account.id), 5)
  })

  test('an expired code is refused', async ({ client, assert }) => {
    const account = await pendingAccount(client)
    await expireCodes(account.id)
    const response = await client
      .post('/auth/otp-verification')
      .json({ userId: account.id, otp: account.code })
    expectEnvelopeError(assert, response, 400, 'INVALID_OTP')
    assert.isFalse(await isVerified(account.id))
  })

  test('a password-reset code does not verify the e-mail', async ({ client, assert }) => {
    const account = await pendingAccount(client)
    expectEnvelope(
      assert,
      await client.post('/auth/forget-password').json({ email: account.email }),
      200
    )
    const reset = await takeMail('password_reset', account.email)
    const resetCode = reset.codes[0].code
    if (resetCode === account.code) return

    const response = await client
      .post('/auth/otp-verification')
      .json({ userId: account.id, otp: resetCode })
    expectEnvelopeError(assert, response, 400, 'INVALID_OTP')
    assert.isFalse(await isVerified(account.id))
  })

  test('HEAD is refused with 405 and changes nothing', async ({ client, assert }) => {
    const account = await pendingAccount(client)
    const response = await client
      .head('/auth/otp-verification')
      .qs({ userId: account.id, otp: account.code })
    assert.equal(response.status(), 405)
    assert.equal(response.header('cache-control'), 'no-store')
    assert.include(response.header('allow') ?? '', 'GET')

    assert.isFalse(await isVerified(account.id))
    assert.isNull(await consumedAtOf(account.id))
  })
})
