import app from '@adonisjs/core/services/app'
import { randomUUID } from 'node:crypto'
import { test } from '@japa/runner'
import limiter from '@adonisjs/limiter/services/main'
import db from '@adonisjs/lucid/services/db'
import ace from '@adonisjs/core/services/ace'
import User from '#models/user'
import { UserType } from '#enums/user_type'
import { CodePurpose } from '#enums/code_purpose'
import { SuperAdminService } from '#services/accounts/super_admin_service'
import { bearer, makeUser } from '#tests/helpers/actors'
import { FACTORY_PASSWORD } from '#database/factories/user_factory'
import { sqlTime } from '#support/sql_time'
import { expectEnvelope, expectEnvelopeError } from '#tests/helpers/responses'
import { expectRedirect, signedIn } from '#tests/functional/console/support'
import {
  OTHER_PASSWORD,
  PASSWORD,
  expectLogin,
  expectLoginRefused,
  login,
  passResendMinute,
  passwordHashOf,
  register,
  registerVerified,
  setAsideSuperAdmins,
  takeMail,
  uniqueEmail,
} from './support.js'
import { eachInTransaction } from '#tests/helpers/transactions'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { formAction } from '#tests/helpers/routes'

const NEW_PASSWORD = 'Silver-Meadow-5519'
const FIFTEEN_MINUTES = 15 * 60

/** The statuses of `responses`, counted: `{401: 5, 429: 19}`. */
function tally(responses: Array<{ status(): number }>): Record<number, number> {
  const counts: Record<number, number> = {}
  for (const response of responses) counts[response.status()] = (counts[response.status()] ?? 0) + 1
  return counts
}

/** Every 429 among `responses` says when to retry, and never later than 15 minutes. */
function assertRetryWithinFifteenMinutes(
  assert: Parameters<typeof expectEnvelope>[0],
  responses: Array<{ status(): number; header(name: string): string | undefined }>
) {
  for (const response of responses.filter((candidate) => candidate.status() === 429)) {
    const retryAfter = Number(response.header('retry-after'))
    assert.isAbove(retryAfter, 0)
    assert.isAtMost(retryAfter, FIFTEEN_MINUTES)
  }
}

/** A decomposed (NFD) address: `e` followed by a combining acute accent, and its NFC twin. */
function lookAlikeAddresses(label: string) {
  const local = `${label}-${Math.random().toString(36).slice(2, 10)}`
  const decomposed = `ze\u0301ro-${local}@example.com`
  return { decomposed, composed: decomposed.normalize('NFC') }
}

const median = (values: number[]) =>
  [...values].sort((left, right) => left - right)[Math.floor(values.length / 2)]

test.group('Registration never changes a password', (group) => {
  eachInTransaction(group)
  group.each.setup(() => limiter.clear())

  test('a stranger re-registering an unverified account cannot set its password', async ({
    client,
    assert,
  }) => {
    const email = uniqueEmail('takeover')
    const first = await register(client, email, 'customer', PASSWORD)
    const id = expectEnvelope(assert, first, 200).id
    await takeMail('verification_code', email)
    const ownersHash = await passwordHashOf(id)

    await passResendMinute(id, CodePurpose.EMAIL_VERIFICATION)
    const stranger = await register(client, email, 'customer', OTHER_PASSWORD)
    assert.equal(expectEnvelope(assert, stranger, 200).id, id)
    assert.equal(await passwordHashOf(id), ownersHash)

    // The owner verifies with the newest code: only the owner's password opens the account.
    const { code } = await takeMail('verification_code', email)
    const verified = await client.post('/auth/otp-verification').json({ userId: id, otp: code })
    assert.isTrue(expectEnvelope(assert, verified, 200))
    await expectLoginRefused(assert, client, email, OTHER_PASSWORD)
    await expectLogin(assert, client, email, PASSWORD)
  })
})

test.group('Registration never changes a password (parallel)', (group) => {
  const emails: string[] = []
  group.each.setup(() => limiter.clear())
  group.each.setup(() => async () => {
    const addresses = emails.splice(0)
    await db.from('users').whereIn('email', addresses).delete()
    for (const address of addresses) {
      await db.from('outbox_messages').whereLike('payload', `%${address}%`).delete()
    }
  })

  test('twenty re-registrations at once send one code and leave the password alone', async ({
    client,
    assert,
  }) => {
    const email = uniqueEmail('rereg-race')
    emails.push(email)
    const id = expectEnvelope(assert, await register(client, email), 200).id
    await takeMail('verification_code', email)
    const ownersHash = await passwordHashOf(id)
    await passResendMinute(id, CodePurpose.EMAIL_VERIFICATION)

    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        register(client, email, 'customer', `${OTHER_PASSWORD}-${index}`)
      )
    )
    assert.deepEqual(tally(answers), { 200: 1, 429: 19 })
    assert.equal(await passwordHashOf(id), ownersHash)
    assert.lengthOf(await User.query().where('email', email), 1)
    await takeMail('verification_code', email)
  }).timeout(60_000)
})

test.group('Throttles count the attempt before the password check', (group) => {
  eachInTransaction(group)
  group.each.setup(() => limiter.clear())

  test('24 wrong passwords for one account at once: five are checked, the rest get 429', async ({
    client,
    assert,
  }) => {
    const user = await makeUser(UserType.CUSTOMER)
    const answers = await Promise.all(
      Array.from({ length: 24 }, () => login(client, user.email, OTHER_PASSWORD))
    )
    assert.deepEqual(tally(answers), { 401: 5, 429: 19 })
    assertRetryWithinFifteenMinutes(assert, answers)
    for (const answer of answers.filter((candidate) => candidate.status() === 429)) {
      expectEnvelopeError(assert, answer, 429, 'TOO_MANY_REQUESTS')
    }

    // The owner is locked out too, but for at most fifteen minutes from the first failure.
    const owner = await login(client, user.email, FACTORY_PASSWORD)
    expectEnvelopeError(assert, owner, 429, 'TOO_MANY_REQUESTS')
    assertRetryWithinFifteenMinutes(assert, [owner])
  }).timeout(60_000)

  test('60 wrong logins from one address at once: fifty are checked, the rest get 429', async ({
    client,
    assert,
  }) => {
    const answers = await Promise.all(
      Array.from({ length: 60 }, () => login(client, uniqueEmail('spray'), OTHER_PASSWORD))
    )
    assert.deepEqual(tally(answers), { 401: 50, 429: 10 })
    assertRetryWithinFifteenMinutes(assert, answers)
  }).timeout(60_000)

  test('a successful login gives its attempt back to the address', async ({ client, assert }) => {
    const user = await makeUser(UserType.CUSTOMER)
    const failures = await Promise.all(
      Array.from({ length: 48 }, () => login(client, uniqueEmail('near-limit'), OTHER_PASSWORD))
    )
    assert.deepEqual(tally(failures), { 401: 48 })

    for (let attempt = 0; attempt < 4; attempt++) {
      expectEnvelope(assert, await login(client, user.email, FACTORY_PASSWORD), 200)
    }
    // Two failures remain for the address: the 49th and 50th.
    for (let attempt = 0; attempt < 2; attempt++) {
      const failed = await login(client, uniqueEmail('near-limit'), OTHER_PASSWORD)
      expectEnvelopeError(assert, failed, 401, 'INVALID_CREDENTIALS')
    }
    const blocked = await login(client, user.email, FACTORY_PASSWORD)
    expectEnvelopeError(assert, blocked, 429, 'TOO_MANY_REQUESTS')
  }).timeout(60_000)

  test('twelve wrong current passwords at once: five are checked, the rest get 429', async ({
    client,
    assert,
  }) => {
    const user = await makeUser(UserType.CUSTOMER)
    const authorization = await bearer(user)
    const before = await passwordHashOf(user.id)
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        client
          .put('/auth/change-password')
          .header('Authorization', authorization)
          .json({ oldPassword: OTHER_PASSWORD, newPassword: NEW_PASSWORD })
      )
    )
    assert.deepEqual(tally(answers), { 400: 5, 429: 7 })
    for (const answer of answers.filter((candidate) => candidate.status() === 400)) {
      expectEnvelopeError(assert, answer, 400, 'INVALID_CURRENT_PASSWORD')
    }
    assertRetryWithinFifteenMinutes(assert, answers)

    const rightOne = await client
      .put('/auth/change-password')
      .header('Authorization', authorization)
      .json({ oldPassword: FACTORY_PASSWORD, newPassword: NEW_PASSWORD })
    expectEnvelopeError(assert, rightOne, 429, 'TOO_MANY_REQUESTS')
    assert.equal(await passwordHashOf(user.id), before)
  }).timeout(60_000)
})

test.group('Look-alike e-mail addresses are one address', (group) => {
  eachInTransaction(group)
  group.each.setup(() => limiter.clear())

  test('a decomposed and a composed spelling reach the same account', async ({
    client,
    assert,
  }) => {
    const { decomposed, composed } = lookAlikeAddresses('register')
    const registered = await register(client, decomposed)
    assert.equal(expectEnvelope(assert, registered, 200).email, composed)
    const { code } = await takeMail('verification_code', composed)
    const userId = registered.body().data.id
    await client.post('/auth/otp-verification').json({ userId, otp: code })
    const user = await User.findOrFail(userId)
    assert.isTrue(user.isVerified)

    const twin = await register(client, composed, 'customer', OTHER_PASSWORD)
    expectEnvelopeError(assert, twin, 409, 'ACCOUNT_EXISTS')
    const upper = await register(client, ` ${decomposed.toUpperCase()} `)
    expectEnvelopeError(assert, upper, 409, 'ACCOUNT_EXISTS')

    for (const spelling of [decomposed, composed, decomposed.toUpperCase()]) {
      const session = expectEnvelope(assert, await login(client, spelling), 200)
      assert.equal(session.user.id, user.id)
    }
    assert.lengthOf(await User.query().whereIn('email', [decomposed, composed]), 1)
  })

  test('forget-password with the other spelling mails the stored address', async ({
    client,
    assert,
  }) => {
    const { decomposed, composed } = lookAlikeAddresses('forget')
    await registerVerified(client, composed)
    const answer = await client.post('/auth/forget-password').json({ email: decomposed })
    expectEnvelope(assert, answer, 200)
    const mail = await takeMail('password_reset', composed)
    const reset = await client
      .post('/auth/reset-password')
      .json({ email: decomposed, otp: mail.codes[0].code, newPassword: NEW_PASSWORD })
    expectEnvelope(assert, reset, 200)
    await expectLogin(assert, client, composed, NEW_PASSWORD)
  })

  test('the console signs in and finds users by either spelling', async ({ client, assert }) => {
    const { decomposed, composed } = lookAlikeAddresses('console')
    const admin = await makeUser(UserType.ADMIN, { email: composed })

    const response = await client
      .post(formAction('console.login.store'))
      .withCsrfToken()
      .form({ email: decomposed, password: FACTORY_PASSWORD })
      .redirects(0)
    expectRedirect(assert, response, urlFor('console.dashboard'))

    const customer = await makeUser(UserType.CUSTOMER, { email: composed })
    const page = await signedIn(client.get(urlFor('console.users.index')), admin).qs({
      email: decomposed.slice(0, 12).toUpperCase(),
    })
    assert.equal(page.status(), 200)
    assert.include(page.text(), customer.id)
  })

  test('admin:create and the start-up bootstrap store the composed spelling', async ({
    assert,
  }) => {
    ace.ui.switchMode('raw')
    try {
      const created = lookAlikeAddresses('ace')
      const command = await ace.exec('admin:create', [
        `--email=${created.decomposed}`,
        '--password=Harbor-Lighthouse-8830',
      ])
      assert.equal(command.exitCode, 0)
      const stored = await User.query().where('email', created.composed)
      assert.lengthOf(stored, 1)

      // A second spelling of the same address is the same Super Admin.
      const again = await ace.exec('admin:create', [
        `--email=${created.composed.toUpperCase()}`,
        '--password=Harbor-Lighthouse-8830',
      ])
      assert.equal(again.exitCode, 1)
    } finally {
      ace.ui.switchMode('normal')
    }

    await setAsideSuperAdmins()
    const bootstrap = lookAlikeAddresses('bootstrap')
    const superAdmin = await app.container.make(SuperAdminService)
    const ensured = await superAdmin.ensure(bootstrap.decomposed, 'Harbor-Lighthouse-8830')
    assert.equal(ensured?.email, bootstrap.composed)
  })

  test('the migration normalises stored addresses unless that would clash', async ({ assert }) => {
    const lone = lookAlikeAddresses('lone')
    const pair = lookAlikeAddresses('pair')
    const now = sqlTime()
    const row = (email: string, userType: UserType) => ({
      id: randomUUID(),
      email,
      user_type: userType,
      password: 'x',
      is_active: true,
      awaiting_approval: false,
      token_version: 0,
      created_at: now,
      updated_at: now,
    })
    const loneRow = row(lone.decomposed, UserType.CUSTOMER)
    const pairDecomposed = row(pair.decomposed, UserType.SELLER)
    const pairComposed = row(pair.composed, UserType.SELLER)
    const otherType = row(pair.decomposed, UserType.CUSTOMER)
    await db.table('users').multiInsert([loneRow, pairDecomposed, pairComposed, otherType])

    const { default: NormalizeEmails } =
      await import('#database/migrations/1763800500001_normalize_user_emails')
    await new NormalizeEmails(db.connection(), 'normalize_user_emails').execUp()

    const emailOf = async (id: string) => {
      const user = await User.findOrFail(id)
      return user.email
    }
    assert.equal(await emailOf(loneRow.id), lone.composed)
    assert.equal(await emailOf(otherType.id), pair.composed)
    // Both spellings already held a seller account: the decomposed one is left for a person to merge.
    assert.equal(await emailOf(pairDecomposed.id), pair.decomposed)
    assert.equal(await emailOf(pairComposed.id), pair.composed)
  })
})

test.group('Bootstrap Super Admin', (group) => {
  eachInTransaction(group)
  group.each.setup(() => limiter.clear())

  test('a demoted bootstrap Super Admin is not re-created at the next start', async ({
    client,
    assert,
  }) => {
    await setAsideSuperAdmins()
    const email = uniqueEmail('bootstrap-demoted')
    const service = await app.container.make(SuperAdminService)
    const bootstrapped = await service.ensure(email, 'Harbor-Lighthouse-8830')
    assert.isNotNull(bootstrapped)

    const other = await makeUser(UserType.SUPER_ADMIN)
    const demoted = await client
      .put(`/auth/${bootstrapped!.id}/change-user-type`)
      .header('Authorization', await bearer(other))
      .json({ userType: UserType.ADMIN })
    expectEnvelope(assert, demoted, 200)

    assert.isNull(await service.ensure(email, 'Harbor-Lighthouse-8830'))
    const accounts = await User.query().where('email', email)
    assert.deepEqual(
      accounts.map((account) => account.userType),
      [UserType.ADMIN]
    )
  })

  test('no bootstrap while any Super Admin exists, even an inactive one', async ({ assert }) => {
    await setAsideSuperAdmins()
    await makeUser(UserType.SUPER_ADMIN, { isActive: false })
    const email = uniqueEmail('bootstrap-skipped')
    const superAdmin = await app.container.make(SuperAdminService)
    assert.isNull(await superAdmin.ensure(email, 'Harbor-Lighthouse-8830'))
    assert.lengthOf(await User.query().where('email', email), 0)
  })
})

test.group('forget-password timing', (group) => {
  eachInTransaction(group)
  group.each.setup(() => limiter.clear())

  test('answers an existing and an unknown address in about the same time', async ({
    client,
    assert,
  }) => {
    const timed = async (email: string) => {
      const startedAt = performance.now()
      const response = await client.post('/auth/forget-password').json({ email })
      const elapsed = performance.now() - startedAt
      assert.equal(response.status(), 200)
      return elapsed
    }
    // Each known address is fresh (a resend limit would skip the work) and holds two accounts.
    const knownAddress = async () => {
      const customer = await makeUser(UserType.CUSTOMER)
      await makeUser(UserType.SELLER, { email: customer.email })
      return customer.email
    }

    await timed(await knownAddress())
    await timed(uniqueEmail('warm-up'))
    const known: number[] = []
    const unknown: number[] = []
    for (let sample = 0; sample < 9; sample++) {
      known.push(await timed(await knownAddress()))
      unknown.push(await timed(uniqueEmail('nobody')))
    }
    // Medians resist the odd slow request of a busy machine; the bound is generous on purpose.
    const ratio = median(known) / median(unknown)
    const report = `known ${median(known).toFixed(1)} ms, unknown ${median(unknown).toFixed(1)} ms`
    assert.isAtMost(ratio, 1.5, report)
    assert.isAtLeast(ratio, 1 / 1.5, report)
  }).timeout(60_000)
})
