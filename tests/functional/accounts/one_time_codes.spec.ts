import app from '@adonisjs/core/services/app'
/*
| The one-time code service on its own, against the database: what a code is, how long it lives,
| how many tries it takes, what a wrong try counts against, and a code used up by a parallel
| request between the read and the conditional update (injected through a model hook).
*/
import { test } from '@japa/runner'
import limiter from '@adonisjs/limiter/services/main'
import db from '@adonisjs/lucid/services/db'
import { DateTime, Settings } from 'luxon'
import tokensConfig from '#config/tokens'
import { UserType } from '#enums/user_type'
import { CodePurpose } from '#enums/code_purpose'
import OneTimeCode from '#models/one_time_code'
import type User from '#models/user'
import { MAX_CODE_ATTEMPTS, OneTimeCodeService } from '#services/accounts/one_time_code_service'
import { TooManyCodeRequests } from '#exceptions/account_errors'
import { makeUser } from '#tests/helpers/actors'
import { sqlTime } from '#support/sql_time'
import { eachInTransaction } from '#tests/helpers/transactions'

const VERIFY = CodePurpose.EMAIL_VERIFICATION
const RESET = CodePurpose.PASSWORD_RESET

const service = await app.container.make(OneTimeCodeService)
const issue = (user: User, purpose: CodePurpose = VERIFY) =>
  db.transaction((trx) => service.issue(user, purpose, trx)).then((issued) => issued.code)
const consume = (accounts: User[], code: string, purpose: CodePurpose = VERIFY) =>
  db.transaction((trx) => service.consume(accounts, purpose, code, trx))

/** The id of the account whose code was consumed, or null. */
async function consumedBy(accounts: User[], code: string, purpose: CodePurpose = VERIFY) {
  const account = await consume(accounts, code, purpose)
  return account?.id ?? null
}

/** The account's codes for a purpose, oldest first, as stored. */
const codesOf = (user: User, purpose: CodePurpose = VERIFY) =>
  db
    .from('one_time_codes')
    .where('user_id', user.id)
    .where('purpose', purpose)
    .orderBy('created_at')
    .orderBy('id')

/** A code that is not the account's: the issued one with its last digit changed. */
const wrong = (code: string) => code.slice(0, 5) + String((Number(code[5]) + 1) % 10)

test.group('One-time codes', (group) => {
  eachInTransaction(group)
  group.each.setup(() => limiter.clear())
  group.each.teardown(() => {
    Settings.now = () => Date.now()
  })

  test('a code is six digits, stored only as a keyed hash', async ({ assert }) => {
    const users = await Promise.all(Array.from({ length: 40 }, () => makeUser(UserType.CUSTOMER)))
    for (const user of users) {
      const code = await issue(user)
      assert.match(code, /^\d{6}$/)
      const [row] = await codesOf(user)
      assert.match(row.code_hash, /^[0-9a-f]{64}$/)
      assert.notInclude(row.code_hash, code)
      assert.equal(Number(row.attempts), 0)
    }
  })

  test('a code is used once, by its own account and purpose only', async ({ assert }) => {
    const user = await makeUser(UserType.CUSTOMER)
    const other = await makeUser(UserType.CUSTOMER)
    const code = await issue(user)

    assert.isNull(await consume([other], code))
    assert.isNull(await consume([user], code, RESET))
    const found = await consume([other, user], code)
    assert.equal(found?.id, user.id)
    assert.isNull(await consume([user], code))
    const [row] = await codesOf(user)
    assert.isNotNull(row.consumed_at)
    assert.isNull(await consume([], code))
  })

  test('a code lives exactly OTP_TTL_MINUTES', async ({ assert }) => {
    const user = await makeUser(UserType.CUSTOMER)
    const start = DateTime.utc().startOf('second')
    Settings.now = () => start.toMillis()
    const code = await issue(user)
    const expiry = start.plus({ minutes: tokensConfig.otpTtlMinutes })

    Settings.now = () => expiry.toMillis()
    assert.isNull(await consume([user], code))

    Settings.now = () => expiry.toMillis() - 1
    const found = await consume([user], code)
    assert.equal(found?.id, user.id)
  })

  test('a new code retires the earlier live ones of that account and purpose only', async ({
    assert,
  }) => {
    const user = await makeUser(UserType.CUSTOMER)
    const other = await makeUser(UserType.CUSTOMER)
    const first = await issue(user)
    const otherCode = await issue(other)
    const resetCode = await issue(user, RESET)
    await limiter.clear()
    const second = await issue(user)

    assert.isNull(await consume([user], first))
    assert.equal(await consumedBy([user], second), user.id)
    assert.equal(await consumedBy([other], otherCode), other.id)
    assert.equal(await consumedBy([user], resetCode, RESET), user.id)
  })

  test('each wrong try counts once against every live code it was tested against', async ({
    assert,
  }) => {
    const one = await makeUser(UserType.CUSTOMER)
    const two = await makeUser(UserType.SELLER)
    const codeOne = await issue(one, RESET)
    const codeTwo = await issue(two, RESET)
    const guess = wrong(codeOne) === codeTwo ? wrong(codeTwo) : wrong(codeOne)

    assert.isNull(await consume([one, two], guess, RESET))
    assert.isNull(await consume([one, two], 'abcdef', RESET))
    const attempts = async () => {
      const rows = [...(await codesOf(one, RESET)), ...(await codesOf(two, RESET))]
      return rows.map((row) => Number(row.attempts))
    }
    assert.deepEqual(await attempts(), [2, 2])

    for (let tries = 2; tries < MAX_CODE_ATTEMPTS - 1; tries++) {
      assert.isNull(await consume([one], guess === codeOne ? codeTwo : wrong(codeOne), RESET))
    }
    assert.deepEqual(await attempts(), [MAX_CODE_ATTEMPTS - 1, 2])
    // One try left: the right code still works.
    assert.equal(await consumedBy([one], codeOne, RESET), one.id)
  })

  test('after five wrong tries the code is dead, and a further wrong try counts nothing', async ({
    assert,
  }) => {
    const user = await makeUser(UserType.CUSTOMER)
    const code = await issue(user)
    for (let tries = 0; tries < MAX_CODE_ATTEMPTS; tries++) {
      assert.isNull(await consume([user], wrong(code)))
    }
    assert.isNull(await consume([user], code))
    assert.isNull(await consume([user], wrong(code)))
    const [row] = await codesOf(user)
    assert.equal(Number(row.attempts), MAX_CODE_ATTEMPTS)
    assert.isNull(row.consumed_at)
  })

  test('a code used up by a parallel request between the read and the update is refused', async ({
    assert,
    cleanup,
  }) => {
    const user = await makeUser(UserType.CUSTOMER)
    const code = await issue(user)
    // Right after our read of the live codes, a parallel request consumes this one.
    const usedMeanwhile = async (rows: OneTimeCode[]) => {
      await db
        .from('one_time_codes')
        .whereIn(
          'id',
          rows.map((row) => row.id)
        )
        .update({ consumed_at: sqlTime() })
    }
    OneTimeCode.after('fetch', usedMeanwhile)
    cleanup(() => {
      OneTimeCode.$hooks.remove('after:fetch', usedMeanwhile)
    })

    assert.isNull(await consume([user], code))
    const [row] = await codesOf(user)
    assert.equal(Number(row.attempts), 0)
  })

  test('one code a minute and five an hour per account and purpose, with Retry-After', async ({
    assert,
  }) => {
    const user = await makeUser(UserType.CUSTOMER)
    const other = await makeUser(UserType.CUSTOMER)
    const minute = limiter.use({ requests: 1, duration: '1 minute' })
    const minuteKey = `otp_minute_${VERIFY}_${user.id}`
    await issue(user)
    const refusal = await issue(user).catch((error: unknown) => error)
    assert.instanceOf(refusal, TooManyCodeRequests)
    const retryAfter = Number(
      (refusal as InstanceType<typeof TooManyCodeRequests>).headers?.['Retry-After']
    )
    assert.isAbove(retryAfter, 0)
    assert.isAtMost(retryAfter, 60)
    assert.lengthOf(await codesOf(user), 1)
    // Another purpose, or another account, has its own allowance.
    await issue(user, RESET)
    await issue(other)

    // Four more, each after the minute window is cleared; the sixth is refused by the hour
    // window for longer than a minute, and gives back what it took from the minute window.
    for (let sent = 1; sent < 5; sent++) {
      await minute.delete(minuteKey)
      await issue(user)
    }
    await minute.delete(minuteKey)
    const hourly = await issue(user).catch((error: unknown) => error)
    assert.instanceOf(hourly, TooManyCodeRequests)
    const hourlyRetry = Number(
      (hourly as InstanceType<typeof TooManyCodeRequests>).headers?.['Retry-After']
    )
    assert.isAbove(hourlyRetry, 60)
    assert.equal(await minute.remaining(minuteKey), 1)
    assert.lengthOf(await codesOf(user), 5)
  })
})

test.group('One-time codes with real commits', (group) => {
  // No global transaction: issuing and consuming must write through the caller's transaction
  // (on SQLite another connection would wait for it forever).
  let userIds: string[] = []
  group.each.setup(() => limiter.clear())
  group.each.setup(() => {
    userIds = []
    return async () => {
      await db.from('one_time_codes').whereIn('user_id', userIds).delete()
      await db.from('users').whereIn('id', userIds).delete()
    }
  })

  test('a code issued in one transaction is consumed in another', async ({ assert }) => {
    const user = await makeUser(UserType.CUSTOMER)
    userIds.push(user.id)
    const code = await issue(user)
    assert.isNull(await consumedBy([user], wrong(code)))
    assert.equal(await consumedBy([user], code), user.id)
    const [row] = await codesOf(user)
    assert.equal(Number(row.attempts), 1)
    assert.isNotNull(row.consumed_at)
  })
})
