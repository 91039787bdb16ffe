import { test } from '@japa/runner'
import type { Assert } from '@japa/assert'
import limiter from '@adonisjs/limiter/services/main'
import { UserType } from '#enums/user_type'
import { MAIL_KINDS } from '#mails/registry'
import { bearer, makeUser } from '#tests/helpers/actors'
import { FACTORY_PASSWORD } from '#database/factories/user_factory'
import { captureLogs, securityEvents } from '#tests/helpers/logs'
import { expectEnvelope, expectEnvelopeError } from '#tests/helpers/responses'
import { expectRedirect, signedIn } from '#tests/functional/console/support'
import { OTHER_PASSWORD, login, mailCount, signIn, takeMail, uniqueEmail } from './support.js'
import { eachInTransaction } from '#tests/helpers/transactions'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { formAction } from '#tests/helpers/routes'

const NEW_PASSWORD = 'Silver-Meadow-5519'
const CLIENT_ADDRESS = '127.0.0.1'

/** The one captured event named `event`, with the fields every security event carries. */
function theEvent(
  assert: Assert,
  output: string,
  event: string,
  expected: { actorId: string | null; targetId: string | null } & Record<string, unknown>
) {
  const events = securityEvents(output, event)
  assert.lengthOf(events, 1, `expected one "${event}" event, got ${JSON.stringify(events)}`)
  assert.containsSubset(events[0], { event, clientAddress: CLIENT_ADDRESS, ...expected })
  return events[0]
}

/** None of `secrets` appears anywhere in what was logged. */
function assertNoSecret(assert: Assert, output: string, secrets: string[]) {
  for (const secret of secrets) assert.notInclude(output, secret)
}

test.group('Security events', (group) => {
  eachInTransaction(group)
  group.each.setup(() => limiter.clear())

  test('a failed login names the account tried and the client, never the password', async ({
    client,
    assert,
  }) => {
    const user = await makeUser(UserType.CUSTOMER)
    const output = await captureLogs(async () => {
      const wrong = await login(client, user.email, OTHER_PASSWORD)
      expectEnvelopeError(assert, wrong, 401, 'INVALID_CREDENTIALS')
      const unknown = await login(client, uniqueEmail('nobody'), OTHER_PASSWORD)
      expectEnvelopeError(assert, unknown, 401, 'INVALID_CREDENTIALS')
    })

    const failures = securityEvents(output, 'login.failed')
    assert.lengthOf(failures, 2)
    assert.containsSubset(failures[0], {
      actorId: null,
      targetId: user.id,
      clientAddress: CLIENT_ADDRESS,
      userType: 'customer',
      channel: 'api',
    })
    assert.containsSubset(failures[1], { targetId: null, clientAddress: CLIENT_ADDRESS })
    assertNoSecret(assert, output, [OTHER_PASSWORD])
  })

  test('a throttled login is logged with the account and the client', async ({
    client,
    assert,
  }) => {
    const user = await makeUser(UserType.SELLER)
    const output = await captureLogs(async () => {
      for (let attempt = 0; attempt < 5; attempt++) {
        await login(client, user.email, OTHER_PASSWORD, 'seller')
      }
      const blocked = await login(client, user.email, FACTORY_PASSWORD, 'seller')
      expectEnvelopeError(assert, blocked, 429, 'TOO_MANY_REQUESTS')
    })
    theEvent(assert, output, 'login.throttled', {
      actorId: null,
      targetId: user.id,
      userType: 'seller',
    })
    assertNoSecret(assert, output, [OTHER_PASSWORD, FACTORY_PASSWORD])
  })

  test('a reused refresh token is logged against its owner, without the token', async ({
    client,
    assert,
  }) => {
    const user = await makeUser(UserType.CUSTOMER)
    const tokens = await signIn(client, user.email, FACTORY_PASSWORD)
    let fresh: { accessToken: string; refreshToken: string } | undefined
    const output = await captureLogs(async () => {
      const rotated = await client.post('/auth/refresh').json({ refreshToken: tokens.refreshToken })
      fresh = expectEnvelope(assert, rotated, 200)
      const replayed = await client
        .post('/auth/refresh')
        .json({ refreshToken: tokens.refreshToken })
      assert.equal(replayed.status(), 401)
    })

    theEvent(assert, output, 'refresh_token.reused', { actorId: null, targetId: user.id })
    assertNoSecret(assert, output, [
      tokens.refreshToken,
      tokens.accessToken,
      fresh!.refreshToken,
      fresh!.accessToken,
      FACTORY_PASSWORD,
    ])
  })

  test('a password change is logged and mailed to the account', async ({ client, assert }) => {
    const user = await makeUser(UserType.CUSTOMER)
    const authorization = await bearer(user)
    const output = await captureLogs(async () => {
      const changed = await client
        .put('/auth/change-password')
        .header('Authorization', authorization)
        .json({ oldPassword: FACTORY_PASSWORD, newPassword: NEW_PASSWORD })
      expectEnvelope(assert, changed, 200)
    })

    theEvent(assert, output, 'password.changed', { actorId: user.id, targetId: user.id })
    assertNoSecret(assert, output, [FACTORY_PASSWORD, NEW_PASSWORD, authorization.slice(7)])

    const payload = await takeMail('password_changed', user.email)
    assert.containsSubset(payload, { email: user.email, accountType: 'customer', via: 'change' })
    assert.notInclude(JSON.stringify(payload), NEW_PASSWORD)
    const mail = MAIL_KINDS.password_changed(payload)
    await mail.build()
    assert.include(mail.message.toJSON().message.text as string, 'customer account was changed')
  })

  test('a refused password change is neither logged as a change nor mailed', async ({
    client,
    assert,
  }) => {
    const user = await makeUser(UserType.CUSTOMER)
    const authorization = await bearer(user)
    const output = await captureLogs(async () => {
      const refused = await client
        .put('/auth/change-password')
        .header('Authorization', authorization)
        .json({ oldPassword: OTHER_PASSWORD, newPassword: NEW_PASSWORD })
      expectEnvelopeError(assert, refused, 400, 'INVALID_CURRENT_PASSWORD')
    })
    assert.lengthOf(securityEvents(output, 'password.changed'), 0)
    assert.equal(await mailCount('password_changed', user.email), 0)
    assertNoSecret(assert, output, [OTHER_PASSWORD, NEW_PASSWORD])
  })

  test('a password reset is logged and mailed, without the code or the password', async ({
    client,
    assert,
  }) => {
    const user = await makeUser(UserType.SELLER)
    let code = ''
    const output = await captureLogs(async () => {
      await client.post('/auth/forget-password').json({ email: user.email, userType: 'seller' })
      const { codes } = await takeMail('password_reset', user.email)
      code = codes[0].code
      const reset = await client
        .post('/auth/reset-password')
        .json({ email: user.email, otp: code, newPassword: NEW_PASSWORD })
      expectEnvelope(assert, reset, 200)
    })

    theEvent(assert, output, 'password.reset', { actorId: null, targetId: user.id })
    assertNoSecret(assert, output, [code, NEW_PASSWORD])
    const payload = await takeMail('password_changed', user.email)
    assert.containsSubset(payload, { email: user.email, accountType: 'seller', via: 'reset' })
  })

  test('activation, deactivation and type changes name the administrator and the account', async ({
    client,
    assert,
  }) => {
    const admin = await makeUser(UserType.SUPER_ADMIN)
    const target = await makeUser(UserType.CUSTOMER)
    const authorization = await bearer(admin)
    const put = (action: string) =>
      client.put(`/auth/${target.id}/${action}`).header('Authorization', authorization)

    const output = await captureLogs(async () => {
      expectEnvelope(assert, await put('deactivate'), 200)
      expectEnvelope(assert, await put('deactivate'), 200)
      expectEnvelope(assert, await put('activate'), 200)
      expectEnvelope(assert, await put('change-user-type').json({ userType: 'SELLER' }), 200)
    })

    const expected = { actorId: admin.id, targetId: target.id }
    // The repeated deactivation changed nothing, so it is not a second event.
    theEvent(assert, output, 'account.deactivated', expected)
    theEvent(assert, output, 'account.activated', expected)
    theEvent(assert, output, 'account.type_changed', {
      ...expected,
      fromType: UserType.CUSTOMER,
      toType: UserType.SELLER,
    })
    assertNoSecret(assert, output, [authorization.slice(7)])
  })

  test('console sign-in, failed sign-in and sign-out are logged', async ({ client, assert }) => {
    const admin = await makeUser(UserType.ADMIN)
    const output = await captureLogs(async () => {
      const wrong = await client
        .post(formAction('console.login.store'))
        .withCsrfToken()
        .form({ email: admin.email, password: OTHER_PASSWORD })
        .redirects(0)
      assert.equal(wrong.status(), 302)

      const right = await client
        .post(formAction('console.login.store'))
        .withCsrfToken()
        .form({ email: admin.email, password: FACTORY_PASSWORD })
        .redirects(0)
      expectRedirect(assert, right, urlFor('console.dashboard'))

      const out = await signedIn(client.post(formAction('console.logout')), admin).withCsrfToken()
      assert.equal(out.status(), 302)
    })

    theEvent(assert, output, 'login.failed', {
      actorId: null,
      targetId: admin.id,
      channel: 'console',
    })
    theEvent(assert, output, 'console.signed_in', { actorId: admin.id, targetId: admin.id })
    theEvent(assert, output, 'console.signed_out', { actorId: admin.id, targetId: admin.id })
    assertNoSecret(assert, output, [OTHER_PASSWORD, FACTORY_PASSWORD])
  })
})
