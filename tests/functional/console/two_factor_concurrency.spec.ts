import { test } from '@japa/runner'
import limiter from '@adonisjs/limiter/services/main'
import db from '@adonisjs/lucid/services/db'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { UserType } from '#enums/user_type'
import { SECOND_FACTOR_ATTEMPTS } from '#services/accounts/second_factor_attempts'
import { totpCode } from '#services/accounts/totp'
import { CONSOLE_SIGNED_IN_AT } from '#middleware/console_auth_middleware'
import { makeUser } from '#tests/helpers/actors'
import { clockAt, stoppedClock } from '#tests/helpers/clock'
import { captureLogs, securityEvents } from '#tests/helpers/logs'
import { codeStep, enrolTotp } from './two_factor_support.js'

/*
| Real parallel requests, outside the per-test transaction: each test creates its own
| administrator and deletes it afterwards (its second factors go with it). The attempt count
| lives in the limiter store (Redis when REDIS_URL is set), consumed before any code is looked at.
*/
test.group('Console second factor in parallel', (group) => {
  const created: string[] = []
  group.each.setup(() => limiter.clear())
  group.each.setup(() => async () => {
    await db.from('users').whereIn('id', created.splice(0)).delete()
  })

  test('20 wrong codes at once: at most 5 are checked, the rest are throttled', async ({
    client,
    assert,
    cleanup,
  }) => {
    const start = stoppedClock(cleanup)
    const admin = await makeUser(UserType.ADMIN)
    created.push(admin.id)
    const { secret } = await enrolTotp(admin)
    const now = start.plus({ seconds: 60 }).toMillis()
    clockAt(now)
    const right = totpCode(secret, now)
    const wrong = (index: number) =>
      String((Number(right) + index + 1) % 1_000_000).padStart(6, '0')

    const output = await captureLogs(async () => {
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, index) => codeStep(client, admin, wrong(index)))
      )
      for (const answer of answers) {
        assert.equal(answer.status(), 302)
        assert.isUndefined(answer.session()[CONSOLE_SIGNED_IN_AT])
      }
      // The allowance is used up: even the right code is not looked at now.
      const late = await codeStep(client, admin, right)
      assert.isUndefined(late.session()[CONSOLE_SIGNED_IN_AT])
      assert.equal(late.header('location'), urlFor('console.login.verify'))
    })
    assert.lengthOf(securityEvents(output, 'two_factor.failed'), SECOND_FACTOR_ATTEMPTS)
    assert.lengthOf(securityEvents(output, 'two_factor.throttled'), 21 - SECOND_FACTOR_ATTEMPTS)
  }).timeout(60_000)

  test('the same code sent 10 times at once signs in once', async ({ client, assert, cleanup }) => {
    const start = stoppedClock(cleanup)
    const admin = await makeUser(UserType.ADMIN)
    created.push(admin.id)
    const { secret } = await enrolTotp(admin)
    const now = start.plus({ seconds: 60 }).toMillis()
    clockAt(now)
    const code = totpCode(secret, now)
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => codeStep(client, admin, code))
    )
    const signedIn = answers.filter(
      (answer) => answer.session()[CONSOLE_SIGNED_IN_AT] !== undefined
    )
    assert.lengthOf(signedIn, 1)
  }).timeout(60_000)

  test('one recovery code sent 5 times at once signs in once', async ({
    client,
    assert,
    cleanup,
  }) => {
    stoppedClock(cleanup)
    const admin = await makeUser(UserType.ADMIN)
    created.push(admin.id)
    const { recoveryCodes } = await enrolTotp(admin)
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => codeStep(client, admin, recoveryCodes[0]))
    )
    const signedIn = answers.filter(
      (answer) => answer.session()[CONSOLE_SIGNED_IN_AT] !== undefined
    )
    assert.lengthOf(signedIn, 1)
    const [row] = await db
      .from('admin_recovery_codes')
      .where('user_id', admin.id)
      .whereNotNull('used_at')
      .count('* as total')
    assert.equal(Number(row.total), 1)
  }).timeout(60_000)
})
