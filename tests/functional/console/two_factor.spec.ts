import { test } from '@japa/runner'
import limiter from '@adonisjs/limiter/services/main'
import { urlFor } from '@adonisjs/core/services/url_builder'
import consoleSecurity from '#config/console_security'
import AdminPasskey from '#models/admin_passkey'
import AdminRecoveryCode from '#models/admin_recovery_code'
import AdminTotpAuthenticator from '#models/admin_totp_authenticator'
import { UserType } from '#enums/user_type'
import { totpCode } from '#services/accounts/totp'
import {
  CONSOLE_PENDING_SIGN_IN,
  CONSOLE_SECOND_FACTOR,
  CONSOLE_SIGNED_IN_AT,
} from '#middleware/console_auth_middleware'
import { makeUser } from '#tests/helpers/actors'
import { clockAt, stoppedClock } from '#tests/helpers/clock'
import { captureLogs, securityEvents } from '#tests/helpers/logs'
import { formAction } from '#tests/helpers/routes'
import { eachInTransaction } from '#tests/helpers/transactions'
import { ConsoleVisitor, expectPage, expectRedirect, signedIn } from './support.js'
import { codeStep, enrolTotp, passwordStep, pendingFor } from './two_factor_support.js'

const NOT_ACCEPTED = 'That code or passkey was not accepted'

/** The session a response leaves behind is signed in to the console. */
function isSignedIn(session: Record<string, unknown>): boolean {
  return typeof session[CONSOLE_SIGNED_IN_AT] === 'number'
}

test.group('Console second factor: TOTP sign-in', (group) => {
  eachInTransaction(group, AdminTotpAuthenticator, AdminRecoveryCode, AdminPasskey)
  group.each.setup(() => limiter.clear())

  test('an administrator with an authenticator is not signed in by the password alone', async ({
    client,
    assert,
    cleanup,
  }) => {
    stoppedClock(cleanup)
    const admin = await makeUser(UserType.ADMIN)
    await enrolTotp(admin)

    const afterPassword = await passwordStep(client, admin)
    expectRedirect(assert, afterPassword, urlFor('console.login.verify'))
    assert.isFalse(isSignedIn(afterPassword.session()))
    assert.containsSubset(afterPassword.session()[CONSOLE_PENDING_SIGN_IN], { userId: admin.id })

    // A session waiting for its second step opens no console page.
    const dashboard = await client
      .get(urlFor('console.dashboard'))
      .withSession(pendingFor(admin))
      .redirects(0)
    expectRedirect(assert, dashboard, urlFor('console.login'))

    const page = expectPage(
      assert,
      await client.get(urlFor('console.login.verify')).withSession(pendingFor(admin))
    )
    assert.include(page, 'name="code"')
    assert.notInclude(page, 'data-passkey')
  })

  test('the code of the moment signs in; the same code again is refused (replay)', async ({
    client,
    assert,
    cleanup,
  }) => {
    const start = stoppedClock(cleanup)
    const admin = await makeUser(UserType.SUPER_ADMIN)
    const { secret } = await enrolTotp(admin)
    // Two steps later: the enrolment's own code is spent, this one is new.
    const now = start.plus({ seconds: 60 }).toMillis()
    clockAt(now)
    const code = totpCode(secret, now)

    const output = await captureLogs(async () => {
      const passed = await codeStep(client, admin, code)
      expectRedirect(assert, passed, urlFor('console.dashboard'))
      assert.isTrue(isSignedIn(passed.session()))
      assert.isTrue(passed.session()[CONSOLE_SECOND_FACTOR])
      assert.isUndefined(passed.session()[CONSOLE_PENDING_SIGN_IN])

      const replayed = await codeStep(client, admin, code)
      const flash = expectRedirect(assert, replayed, urlFor('console.login.verify'))
      assert.equal(flash.error, NOT_ACCEPTED)
      assert.isFalse(isSignedIn(replayed.session()))
    })
    assert.containsSubset(securityEvents(output, 'console.signed_in'), [
      { targetId: admin.id, secondFactor: 'totp' },
    ])
    assert.containsSubset(securityEvents(output, 'two_factor.failed'), [
      { targetId: admin.id, method: 'totp' },
    ])
    assert.notInclude(output, code)
  })

  test('a code of an earlier step than the last one used is refused too', async ({
    client,
    assert,
    cleanup,
  }) => {
    const start = stoppedClock(cleanup)
    const admin = await makeUser(UserType.ADMIN)
    const { secret } = await enrolTotp(admin)
    const later = start.plus({ seconds: 60 }).toMillis()
    clockAt(later)
    expectRedirect(
      assert,
      await codeStep(client, admin, totpCode(secret, later)),
      urlFor('console.dashboard')
    )
    // Within the drift window, the previous step's code would match: it is older than the last.
    const earlier = totpCode(secret, later - 30_000)
    const flash = expectRedirect(
      assert,
      await codeStep(client, admin, earlier),
      urlFor('console.login.verify')
    )
    assert.equal(flash.error, NOT_ACCEPTED)
  })

  test('a code outside the drift window, or of another secret, is refused', async ({
    client,
    assert,
    cleanup,
  }) => {
    const start = stoppedClock(cleanup)
    const admin = await makeUser(UserType.ADMIN)
    const { secret } = await enrolTotp(admin)
    const other = await enrolTotp(await makeUser(UserType.ADMIN))
    const now = start.plus({ minutes: 10 }).toMillis()
    clockAt(now)
    for (const code of [
      totpCode(secret, now - 90_000),
      totpCode(secret, now + 90_000),
      totpCode(other.secret, now),
      '12345',
    ]) {
      const flash = expectRedirect(
        assert,
        await codeStep(client, admin, code),
        urlFor('console.login.verify')
      )
      assert.equal(flash.error, NOT_ACCEPTED)
    }
  })

  test('a recovery code works once', async ({ client, assert, cleanup }) => {
    stoppedClock(cleanup)
    const admin = await makeUser(UserType.ADMIN)
    const { recoveryCodes } = await enrolTotp(admin)
    assert.lengthOf(recoveryCodes, 10)
    assert.lengthOf(new Set(recoveryCodes), 10)
    const stored = await AdminRecoveryCode.query().where('user_id', admin.id)
    assert.lengthOf(stored, 10)
    for (const row of stored) assert.notInclude(recoveryCodes, row.codeHash)

    const output = await captureLogs(async () => {
      const used = await codeStep(client, admin, recoveryCodes[3].toUpperCase())
      const flash = expectRedirect(assert, used, urlFor('console.dashboard'))
      assert.include(flash.success, 'recovery code')
      assert.isTrue(isSignedIn(used.session()))

      const again = await codeStep(client, admin, recoveryCodes[3])
      assert.equal(
        expectRedirect(assert, again, urlFor('console.login.verify')).error,
        NOT_ACCEPTED
      )
    })
    assert.containsSubset(securityEvents(output, 'two_factor.recovery_code_used'), [
      { targetId: admin.id, recoveryCodesLeft: 9 },
    ])
    assert.containsSubset(securityEvents(output, 'console.signed_in'), [
      { secondFactor: 'recovery_code' },
    ])
    assert.notInclude(output, recoveryCodes[3])
    // Typed without its dash and with spaces around, another one works too.
    const typed = await codeStep(client, admin, ` ${recoveryCodes[7].replace('-', '')} `)
    expectRedirect(assert, typed, urlFor('console.dashboard'))
    const left = await AdminRecoveryCode.query().where('user_id', admin.id).whereNull('used_at')
    assert.lengthOf(left, 8)
  })

  test('the second step is refused without a waiting sign-in, after 5 minutes, or after a password change', async ({
    client,
    assert,
    cleanup,
  }) => {
    const start = stoppedClock(cleanup)
    const admin = await makeUser(UserType.ADMIN)
    const { secret } = await enrolTotp(admin)
    const now = start.plus({ seconds: 60 }).toMillis()
    clockAt(now)
    const code = totpCode(secret, now)

    const noWait = await client
      .post(formAction('console.login.verify.store'))
      .withCsrfToken()
      .header('Referer', `http://localhost${urlFor('console.login.verify')}`)
      .form({ code })
      .redirects(0)
    assert.equal(
      expectRedirect(assert, noWait, urlFor('console.login.verify')).error,
      'The sign-in has expired; enter your password again'
    )

    const stale = await client
      .post(formAction('console.login.verify.store'))
      .withSession({
        [CONSOLE_PENDING_SIGN_IN]: {
          userId: admin.id,
          tokenVersion: admin.tokenVersion,
          at: Date.now() - 6 * 60 * 1000,
        },
      })
      .withCsrfToken()
      .header('Referer', `http://localhost${urlFor('console.login.verify')}`)
      .form({ code })
      .redirects(0)
    assert.isFalse(isSignedIn(stale.session()))

    const pending = pendingFor(admin)
    admin.tokenVersion += 1
    await admin.save()
    const changed = await client
      .post(formAction('console.login.verify.store'))
      .withSession(pending)
      .withCsrfToken()
      .header('Referer', `http://localhost${urlFor('console.login.verify')}`)
      .form({ code })
      .redirects(0)
    assert.isFalse(isSignedIn(changed.session()))
    // None of them spent the code.
    const totp = await AdminTotpAuthenticator.findByOrFail('user_id', admin.id)
    assert.isBelow(totp.lastUsedStep ?? 0, Math.floor(now / 30_000))

    const page = await client.get(urlFor('console.login.verify')).redirects(0)
    expectRedirect(assert, page, urlFor('console.login'))
  })

  test('an invalid code form is refused with its field message', async ({ client, assert }) => {
    const admin = await makeUser(UserType.ADMIN)
    await enrolTotp(admin)
    const response = await codeStep(client, admin, '')
    const flash = expectRedirect(assert, response, urlFor('console.login.verify'))
    assert.equal(flash.error, 'The request is invalid')
    assert.isFalse(isSignedIn(response.session()))
  })
})

test.group('Console second factor: setting up and removing', (group) => {
  eachInTransaction(group, AdminTotpAuthenticator, AdminRecoveryCode, AdminPasskey)
  group.each.setup(() => limiter.clear())

  test('an administrator sets up an authenticator from the QR code and sees the recovery codes once', async ({
    client,
    assert,
    cleanup,
  }) => {
    const start = stoppedClock(cleanup)
    const admin = new ConsoleVisitor(await makeUser(UserType.ADMIN), client, assert)
    const create = await admin.get(urlFor('console.security.totp.create'))
    const page = expectPage(assert, create)
    assert.match(page, /<img src="data:image\/svg\+xml;base64,[A-Za-z0-9+/=]+"/)
    const secret = /data-totp-secret>([A-Z2-7]+)</.exec(page)?.[1]
    assert.isString(secret)
    const setup = create.session().consoleTotpSetup
    assert.equal(setup.secret, secret)

    const from = urlFor('console.security.totp.create')
    const wrong = await signedIn(client.post(formAction('console.security.totp.store')), admin.user)
      .withSession({ consoleTotpSetup: setup })
      .withCsrfToken()
      .header('Referer', `http://localhost${from}`)
      .form({ code: totpCode(secret!, start.plus({ minutes: 5 }).toMillis()) })
    assert.equal(expectRedirect(assert, wrong, from).error, NOT_ACCEPTED)
    assert.isNull(await AdminTotpAuthenticator.findBy('user_id', admin.user.id))

    const output = await captureLogs(async () => {
      const right = await signedIn(
        client.post(formAction('console.security.totp.store')),
        admin.user
      )
        .withSession({ consoleTotpSetup: setup })
        .withCsrfToken()
        .header('Referer', `http://localhost${from}`)
        .form({ code: totpCode(secret!, start.toMillis()) })
      const flash = expectRedirect(assert, right, urlFor('console.security.recovery_codes.show'))
      assert.lengthOf(flash.recoveryCodes, 10)
      assert.isTrue(right.session()[CONSOLE_SECOND_FACTOR])
      assert.isUndefined(right.session().consoleTotpSetup)

      const shown = await admin.pageWithFlash(urlFor('console.security.recovery_codes.show'), {
        recoveryCodes: flash.recoveryCodes,
      })
      for (const code of flash.recoveryCodes) assert.include(shown, code)
      // Opened again, the page has no codes to show.
      const later = await admin.page(urlFor('console.security.recovery_codes.show'))
      assert.notInclude(later, flash.recoveryCodes[0])
    })
    assert.containsSubset(securityEvents(output, 'two_factor.enrolled'), [
      { actorId: admin.user.id, targetId: admin.user.id, method: 'totp' },
    ])
    assert.notInclude(output, secret!)

    const stored = await AdminTotpAuthenticator.findByOrFail('user_id', admin.user.id)
    assert.notInclude(stored.secretEncrypted, secret!)
    const show = await admin.page(urlFor('console.security.show'))
    assert.include(show, 'Recovery codes left: 10 of 10')
    // A second setup is refused while one exists.
    await admin.expectErrorPage(urlFor('console.security.totp.create'), 409, 'already set up')
  })

  test('the Security page loads scripts of its own origin only, as the CSP allows', async ({
    client,
    assert,
  }) => {
    const admin = new ConsoleVisitor(await makeUser(UserType.ADMIN), client, assert)
    const response = await admin.get(urlFor('console.security.show'))
    const page = expectPage(assert, response)
    const scripts = [...page.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)]
    assert.deepEqual(
      scripts.map(([, attributes]) => /src="([^"]+)"/.exec(attributes)?.[1]),
      [urlFor('console.assets.webauthn'), '/console-passkeys.js']
    )
    for (const [, , body] of scripts) assert.equal(body.trim(), '')
    const policy = response.header('content-security-policy') ?? ''
    assert.include(policy, "script-src 'self'")
    assert.notInclude(policy, 'unsafe-inline')
  })

  test('new recovery codes replace the old ones', async ({ client, assert, cleanup }) => {
    stoppedClock(cleanup)
    const admin = new ConsoleVisitor(await makeUser(UserType.ADMIN), client, assert)
    const { recoveryCodes } = await enrolTotp(admin.user)
    const flash = await admin.submit(
      formAction('console.security.recovery_codes.store'),
      urlFor('console.security.show'),
      urlFor('console.security.recovery_codes.show')
    )
    assert.lengthOf(flash.recoveryCodes, 10)
    assert.notInclude(flash.recoveryCodes, recoveryCodes[0])
    const old = await codeStep(client, admin.user, recoveryCodes[0])
    assert.equal(expectRedirect(assert, old, urlFor('console.login.verify')).error, NOT_ACCEPTED)
    const fresh = await codeStep(client, admin.user, flash.recoveryCodes[0])
    expectRedirect(assert, fresh, urlFor('console.dashboard'))
  })

  test('removing the authenticator removes its recovery codes and is recorded', async ({
    client,
    assert,
    cleanup,
  }) => {
    stoppedClock(cleanup)
    const admin = new ConsoleVisitor(await makeUser(UserType.ADMIN), client, assert)
    const other = await makeUser(UserType.ADMIN)
    await enrolTotp(admin.user)
    await enrolTotp(other)
    const confirm = await admin.page(urlFor('console.security.totp.confirm_destroy'))
    assert.include(confirm, 'Remove the authenticator app')
    const output = await captureLogs(async () => {
      await admin.submit(
        formAction('console.security.totp.destroy'),
        urlFor('console.security.totp.confirm_destroy'),
        urlFor('console.security.show')
      )
    })
    assert.containsSubset(securityEvents(output, 'two_factor.removed'), [
      { actorId: admin.user.id, targetId: admin.user.id, method: 'totp' },
    ])
    assert.isNull(await AdminTotpAuthenticator.findBy('user_id', admin.user.id))
    assert.lengthOf(await AdminRecoveryCode.query().where('user_id', admin.user.id), 0)
    // Someone else's stays, and the next sign-in needs only the password.
    assert.isNotNull(await AdminTotpAuthenticator.findBy('user_id', other.id))
    assert.lengthOf(await AdminRecoveryCode.query().where('user_id', other.id), 10)
    const signIn = await passwordStep(client, admin.user)
    expectRedirect(assert, signIn, urlFor('console.dashboard'))
  })

  test('passkeys are renamed and removed only by their owner', async ({ client, assert }) => {
    const admin = new ConsoleVisitor(await makeUser(UserType.ADMIN), client, assert)
    const other = await makeUser(UserType.ADMIN)
    const own = await AdminPasskey.create({
      userId: admin.user.id,
      name: 'Laptop',
      credentialId: 'own-credential',
      publicKey: 'AA',
      signCount: 0,
      transports: null,
    })
    await AdminPasskey.create({
      userId: admin.user.id,
      name: 'Phone',
      credentialId: 'own-phone',
      publicKey: 'AA',
      signCount: 0,
      transports: null,
    })
    const theirs = await AdminPasskey.create({
      userId: other.id,
      name: 'Theirs',
      credentialId: 'their-credential',
      publicKey: 'AA',
      signCount: 0,
      transports: null,
    })
    const from = urlFor('console.security.show')

    await admin.submit(formAction('console.security.passkeys.update', { id: own.id }), from, from, {
      name: 'Work laptop',
    })
    await own.refresh()
    assert.equal(own.name, 'Work laptop')
    const taken = await admin.post(
      formAction('console.security.passkeys.update', { id: own.id }),
      from,
      { name: 'Phone' }
    )
    assert.equal(
      expectRedirect(assert, taken, from).error,
      'You already have a passkey with this name'
    )
    const blank = await admin.post(
      formAction('console.security.passkeys.update', { id: own.id }),
      from,
      { name: ' ' }
    )
    assert.equal(expectRedirect(assert, blank, from).error, 'The request is invalid')

    for (const route of [
      'console.security.passkeys.update',
      'console.security.passkeys.destroy',
    ] as const) {
      const response = await admin.post(formAction(route, { id: theirs.id }), from, {
        name: 'Mine now',
      })
      assert.equal(expectRedirect(assert, response, from).error, 'Passkey not found')
    }
    await admin.expectErrorPage(
      urlFor('console.security.passkeys.confirm_destroy', { id: theirs.id }),
      404,
      'Passkey not found'
    )
    await theirs.refresh()
    assert.equal(theirs.name, 'Theirs')

    assert.include(
      await admin.page(urlFor('console.security.passkeys.confirm_destroy', { id: own.id })),
      'Remove passkey Work laptop'
    )
    const output = await captureLogs(async () => {
      await admin.submit(
        formAction('console.security.passkeys.destroy', { id: own.id }),
        from,
        from
      )
    })
    assert.containsSubset(securityEvents(output, 'two_factor.removed'), [
      { actorId: admin.user.id, method: 'passkey', passkeyId: own.id },
    ])
    assert.isNull(await AdminPasskey.find(own.id))
    assert.isNotNull(await AdminPasskey.find(theirs.id))
  })
})

test.group('Console second factor: CONSOLE_REQUIRE_2FA', (group) => {
  eachInTransaction(group, AdminTotpAuthenticator, AdminRecoveryCode, AdminPasskey)
  group.each.setup(() => limiter.clear())
  group.each.setup(() => {
    consoleSecurity.requireSecondFactor = true
    return () => {
      consoleSecurity.requireSecondFactor = false
    }
  })

  test('an administrator without a second factor is sent to set one up after the password', async ({
    client,
    assert,
    cleanup,
  }) => {
    stoppedClock(cleanup)
    const user = await makeUser(UserType.ADMIN)
    const signIn = await passwordStep(client, user)
    const flash = expectRedirect(assert, signIn, urlFor('console.security.show'))
    assert.equal(flash.error, 'Set up a second factor to use the console.')

    const admin = new ConsoleVisitor(user, client, assert)
    for (const page of [urlFor('console.dashboard'), urlFor('console.users.index')]) {
      expectRedirect(assert, await admin.get(page), urlFor('console.security.show'))
    }
    const security = await admin.page(urlFor('console.security.show'))
    assert.include(security, 'This console requires a second factor')
    const setup = await admin.get(urlFor('console.security.totp.create'))
    assert.equal(setup.status(), 200)

    // Once the session has one, the console opens.
    const enrolled = await signedIn(client.get(urlFor('console.dashboard')), user).withSession({
      [CONSOLE_SECOND_FACTOR]: true,
    })
    assert.equal(enrolled.status(), 200)
  })

  test('a session opened without one ends once the account has one', async ({
    client,
    assert,
    cleanup,
  }) => {
    stoppedClock(cleanup)
    const user = await makeUser(UserType.ADMIN)
    await enrolTotp(user)
    const response = await signedIn(client.get(urlFor('console.security.show')), user)
    const flash = expectRedirect(assert, response, urlFor('console.login'))
    assert.equal(flash.error, 'Your session has ended. Sign in again.')
  })

  test('the last second factor cannot be removed; one of two can', async ({
    client,
    assert,
    cleanup,
  }) => {
    stoppedClock(cleanup)
    const user = await makeUser(UserType.ADMIN)
    await enrolTotp(user)
    const from = urlFor('console.security.totp.confirm_destroy')
    const request = (path: string) =>
      signedIn(client.post(path), user)
        .withSession({ [CONSOLE_SECOND_FACTOR]: true })
        .withCsrfToken()
        .header('Referer', `http://localhost${from}`)
    const refused = await request(formAction('console.security.totp.destroy'))
    assert.equal(
      expectRedirect(assert, refused, from).error,
      'A second factor is required: add another one before removing this one'
    )
    assert.isNotNull(await AdminTotpAuthenticator.findBy('user_id', user.id))

    const passkey = await AdminPasskey.create({
      userId: user.id,
      name: 'Key',
      credentialId: 'required-key',
      publicKey: 'AA',
      signCount: 0,
      transports: null,
    })
    expectRedirect(
      assert,
      await request(formAction('console.security.totp.destroy')),
      urlFor('console.security.show')
    )
    const last = await request(formAction('console.security.passkeys.destroy', { id: passkey.id }))
    assert.equal(
      expectRedirect(assert, last, from).error,
      'A second factor is required: add another one before removing this one'
    )
    assert.isNotNull(await AdminPasskey.find(passkey.id))
  })

  test('an administrator with a second factor passes it as usual', async ({
    client,
    assert,
    cleanup,
  }) => {
    const start = stoppedClock(cleanup)
    const user = await makeUser(UserType.ADMIN)
    const { secret } = await enrolTotp(user)
    expectRedirect(assert, await passwordStep(client, user), urlFor('console.login.verify'))
    const now = start.plus({ seconds: 30 }).toMillis()
    clockAt(now)
    const passed = await codeStep(client, user, totpCode(secret, now))
    expectRedirect(assert, passed, urlFor('console.dashboard'))
    assert.isTrue(passed.session()[CONSOLE_SECOND_FACTOR])
  })
})
