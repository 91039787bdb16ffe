import { test } from '@japa/runner'
import limiter from '@adonisjs/limiter/services/main'
import { DateTime } from 'luxon'
import User from '#models/user'
import OneTimeCode from '#models/one_time_code'
import { CodePurpose } from '#enums/code_purpose'
import { UserType } from '#enums/user_type'
import { actor } from '#tests/helpers/actors'
import { expectEnvelope, expectEnvelopeError } from '#tests/helpers/responses'
import {
  OTHER_PASSWORD,
  PASSWORD,
  expectLogin,
  expectLoginRefused,
  login,
  mailCount,
  passwordHashOf,
  passResendMinute,
  register,
  registerVerified,
  takeMail,
  uniqueEmail,
} from './support.js'
import { eachInTransaction } from '#tests/helpers/transactions'

test.group('POST /auth/register', (group) => {
  eachInTransaction(group)
  group.each.setup(() => limiter.clear())

  test('creates an unverified account, normalises the e-mail and queues a code', async ({
    client,
    assert,
  }) => {
    const email = uniqueEmail('new')
    const response = await register(client, `  ${email.toUpperCase()} `, 'customer')

    const data = expectEnvelope(assert, response, 200)
    assert.deepEqual(Object.keys(data).sort(), ['email', 'id', 'userType'])
    assert.equal(data.email, email)
    assert.equal(data.userType, 'customer')
    assert.equal(response.header('cache-control'), 'no-store')

    const user = await User.findOrFail(data.id)
    assert.equal(user.email, email)
    assert.equal(user.userType, UserType.CUSTOMER)
    assert.isNull(user.emailVerifiedAt)
    assert.isTrue(user.isActive)
    assert.isFalse(user.awaitingApproval)
    assert.match(user.password, /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)

    const codes = await OneTimeCode.query().where('user_id', user.id)
    assert.lengthOf(codes, 1)
    assert.equal(codes[0].purpose, CodePurpose.EMAIL_VERIFICATION)
    assert.equal(codes[0].attempts, 0)
    assert.isNull(codes[0].consumedAt)
    const ttl = codes[0].expiresAt.diff(DateTime.now(), 'minutes').minutes
    assert.isAbove(ttl, 9.5)
    assert.isAtMost(ttl, 10)

    const mail = await takeMail('verification_code', email)
    assert.match(mail.code, /^\d{6}$/)
    assert.equal(mail.ttlMinutes, 10)
    assert.notInclude(codes[0].codeHash, mail.code)
    assert.match(codes[0].codeHash, /^[0-9a-f]{64}$/)
  })

  test('refuses invalid input with a message per field', async ({ client, assert }) => {
    const empty = await client.post('/auth/register').json({})
    const error = expectEnvelopeError(assert, empty, 400, 'VALIDATION_FAILED')
    assert.sameMembers(
      error.fields!.map((field) => field.field),
      ['email', 'password', 'userType']
    )
    assert.equal(empty.header('cache-control'), 'no-store')

    const emails = [uniqueEmail(), uniqueEmail(), uniqueEmail(), uniqueEmail(), uniqueEmail()]
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ email: 'not-an-email', password: PASSWORD, userType: 'customer' }, 'email'],
      [
        { email: `${'a'.repeat(250)}@example.com`, password: PASSWORD, userType: 'customer' },
        'email',
      ],
      [{ email: emails[0], password: 'Sh0rt!x', userType: 'customer' }, 'password'],
      [{ email: emails[1], password: 'x'.repeat(129), userType: 'customer' }, 'password'],
      [{ email: emails[2], password: PASSWORD, userType: 'superadmin' }, 'userType'],
      [{ email: emails[3], password: PASSWORD, userType: 'CUSTOMER' }, 'userType'],
      [{ email: emails[4], password: 12345678, userType: 'customer' }, 'password'],
    ]
    for (const [body, field] of cases) {
      const response = await client.post('/auth/register').json(body)
      const failure = expectEnvelopeError(assert, response, 400, 'VALIDATION_FAILED')
      assert.deepEqual(
        failure.fields!.map((entry) => entry.field),
        [field],
        JSON.stringify(body)
      )
    }
    assert.lengthOf(await User.query().whereIn('email', emails), 0)
  })

  test('refuses a common password and the e-mail as password', async ({ client, assert }) => {
    const email = uniqueEmail('weak')
    for (const password of ['password123', 'Password123', 'qwertyuiop', email.toUpperCase()]) {
      const response = await register(client, email, 'customer', password)
      const error = expectEnvelopeError(assert, response, 400, 'WEAK_PASSWORD')
      assert.deepEqual(
        error.fields!.map((field) => field.field),
        ['password']
      )
    }
    assert.isNull(await User.findBy('email', email))
    assert.equal(await mailCount('verification_code', email), 0)
  })

  test('answers 409 for a verified account of the same e-mail and type', async ({
    client,
    assert,
  }) => {
    const email = uniqueEmail('taken')
    const user = await registerVerified(client, email)

    const response = await register(client, email.toUpperCase(), 'customer', OTHER_PASSWORD)
    expectEnvelopeError(assert, response, 409, 'ACCOUNT_EXISTS')

    await user.refresh()
    assert.isTrue(user.isVerified)
    assert.equal(await mailCount('verification_code', email), 0)
    await expectLogin(assert, client, email, PASSWORD)
  })

  test('registering an unverified account again keeps its password: same id, fresh code', async ({
    client,
    assert,
  }) => {
    const email = uniqueEmail('again')
    const first = await register(client, email)
    const id = expectEnvelope(assert, first, 200).id
    const firstMail = await takeMail('verification_code', email)
    const firstHash = await passwordHashOf(id)

    // Within the minute: the resend is throttled and nothing changes.
    const throttled = await register(client, email, 'customer', OTHER_PASSWORD)
    expectEnvelopeError(assert, throttled, 429, 'TOO_MANY_REQUESTS')
    assert.isAbove(Number(throttled.header('retry-after')), 0)
    assert.equal(await passwordHashOf(id), firstHash)
    assert.equal(await mailCount('verification_code', email), 0)

    await passResendMinute(id, CodePurpose.EMAIL_VERIFICATION)
    const second = await register(client, email, 'customer', OTHER_PASSWORD)
    assert.equal(expectEnvelope(assert, second, 200).id, id)
    assert.equal(await passwordHashOf(id), firstHash)
    assert.lengthOf(await User.query().where('email', email), 1)
    const secondMail = await takeMail('verification_code', email)

    // The earlier code was retired by the new one.
    if (firstMail.code !== secondMail.code) {
      const stale = await client
        .get('/auth/otp-verification')
        .qs({ userId: id, otp: firstMail.code })
      expectEnvelopeError(assert, stale, 400, 'INVALID_OTP')
    }
    const fresh = await client
      .get('/auth/otp-verification')
      .qs({ userId: id, otp: secondMail.code })
    assert.isTrue(expectEnvelope(assert, fresh, 200))

    await expectLoginRefused(assert, client, email, OTHER_PASSWORD)
    await expectLogin(assert, client, email, PASSWORD)
  })

  test('sends at most five codes an hour to one account', async ({ client, assert }) => {
    const email = uniqueEmail('hourly')
    const id = expectEnvelope(assert, await register(client, email), 200).id
    for (let resend = 1; resend <= 4; resend++) {
      await passResendMinute(id, CodePurpose.EMAIL_VERIFICATION)
      expectEnvelope(assert, await register(client, email), 200)
    }
    await passResendMinute(id, CodePurpose.EMAIL_VERIFICATION)
    const sixth = await register(client, email)
    expectEnvelopeError(assert, sixth, 429, 'TOO_MANY_REQUESTS')
    assert.isAbove(Number(sixth.header('retry-after')), 60)
    assert.equal(await mailCount('verification_code', email), 5)
  })

  test('the same e-mail holds a customer, a seller and an admin account, each separate', async ({
    client,
    assert,
  }) => {
    const email = uniqueEmail('triple')
    const passwords = { customer: PASSWORD, seller: OTHER_PASSWORD, admin: 'Velvet-Canyon-9164' }
    const ids: Record<string, string> = {}
    const codes: Record<string, string> = {}
    for (const type of ['customer', 'seller', 'admin'] as const) {
      const response = await register(client, email, type, passwords[type])
      const data = expectEnvelope(assert, response, 200)
      assert.equal(data.userType, type)
      ids[type] = data.id
      const mail = await takeMail('verification_code', email)
      codes[type] = mail.code
    }
    assert.lengthOf(new Set(Object.values(ids)), 3)

    const rows = await User.query().where('email', email).orderBy('user_type')
    assert.deepEqual(
      rows.map((row) => row.userType),
      [UserType.ADMIN, UserType.CUSTOMER, UserType.SELLER]
    )

    // A code is bound to its account: the seller's code does not verify the customer.
    if (codes.seller !== codes.customer) {
      const crossed = await client
        .post('/auth/otp-verification')
        .json({ userId: ids.customer, otp: codes.seller })
      expectEnvelopeError(assert, crossed, 400, 'INVALID_OTP')
    }
    expectEnvelope(
      assert,
      await client.post('/auth/otp-verification').json({ userId: ids.seller, otp: codes.seller }),
      200
    )
    const after = await User.query().where('email', email)
    for (const row of after) {
      assert.equal(row.isVerified, row.id === ids.seller, row.userType)
    }

    // Each account has its own password.
    await expectLoginRefused(assert, client, email, PASSWORD, 'seller')
    const seller = expectEnvelope(assert, await login(client, email, OTHER_PASSWORD, 'seller'), 200)
    assert.equal(seller.user.id, ids.seller)
    expectEnvelopeError(
      assert,
      await login(client, email, PASSWORD, 'customer'),
      403,
      'EMAIL_NOT_VERIFIED'
    )
  })

  test('a public admin registration cannot sign in until a Super Admin activates it', async ({
    client,
    assert,
  }) => {
    const email = uniqueEmail('would-be-admin')
    const registered = expectEnvelope(assert, await register(client, email, 'admin'), 200)
    assert.equal(registered.userType, 'admin')

    const user = await User.findOrFail(registered.id)
    assert.equal(user.userType, UserType.ADMIN)
    assert.isFalse(user.isActive)
    assert.isTrue(user.awaitingApproval)

    expectEnvelopeError(
      assert,
      await login(client, email, PASSWORD, 'admin'),
      403,
      'EMAIL_NOT_VERIFIED'
    )
    const { code } = await takeMail('verification_code', email)
    expectEnvelope(
      assert,
      await client.get('/auth/otp-verification').qs({ userId: user.id, otp: code }),
      200
    )
    expectEnvelopeError(
      assert,
      await login(client, email, PASSWORD, 'admin'),
      403,
      'ACCOUNT_DEACTIVATED'
    )

    // An Admin may not approve another admin; a Super Admin may.
    const admin = await actor(UserType.ADMIN)
    const refused = await client
      .put(`/auth/${user.id}/activate`)
      .header('Authorization', admin.authorization)
    expectEnvelopeError(assert, refused, 403, 'NOT_ALLOWED_TO_MANAGE')
    expectEnvelopeError(
      assert,
      await login(client, email, PASSWORD, 'admin'),
      403,
      'ACCOUNT_DEACTIVATED'
    )

    const superAdmin = await actor(UserType.SUPER_ADMIN)
    const approved = await client
      .put(`/auth/${user.id}/activate`)
      .header('Authorization', superAdmin.authorization)
    expectEnvelope(assert, approved, 200)
    await user.refresh()
    assert.isTrue(user.isActive)
    assert.isFalse(user.awaitingApproval)

    const signedIn = expectEnvelope(assert, await login(client, email, PASSWORD, 'admin'), 200)
    assert.deepEqual(signedIn.user, { id: user.id, email, userType: 'admin', role: 'ADMIN' })
  })
})
