import { test } from '@japa/runner'
import type { ApiClient, ApiResponse } from '@japa/api-client'
import type { Assert } from '@japa/assert'
import consoleSecurity from '#config/console_security'
import limiter from '@adonisjs/limiter/services/main'
import { urlFor } from '@adonisjs/core/services/url_builder'
import type User from '#models/user'
import AdminPasskey from '#models/admin_passkey'
import { UserType } from '#enums/user_type'
import { CONSOLE_SECOND_FACTOR, CONSOLE_SIGNED_IN_AT } from '#middleware/console_auth_middleware'
import { makeUser } from '#tests/helpers/actors'
import { captureLogs, securityEvents } from '#tests/helpers/logs'
import { formAction } from '#tests/helpers/routes'
import { eachInTransaction } from '#tests/helpers/transactions'
import { SoftAuthenticator } from '#tests/helpers/webauthn'
import { expectPage, expectRedirect, signedIn } from './support.js'
import { enrolTotp, passwordStep, pendingFor } from './two_factor_support.js'

const REGISTRATION_CHALLENGE = 'consolePasskeyRegistrationChallenge'
const SIGN_IN_CHALLENGE = 'consolePasskeySignInChallenge'

/** The registration options of a signed-in administrator, and the challenge the session keeps. */
async function registrationOptions(client: ApiClient, user: User) {
  const response = await signedIn(
    client.post(formAction('console.security.passkeys.options')),
    user
  )
    .withCsrfToken()
    .header('Accept', 'application/json')
  response.assertStatus(200)
  return { options: response.body(), challenge: response.session()[REGISTRATION_CHALLENGE] }
}

/** Posts a new passkey as the Security page's script does, in a session that kept `challenge`. */
function registration(client: ApiClient, user: User, challenge: string | undefined, body: object) {
  const request = signedIn(client.post(formAction('console.security.passkeys.store')), user)
    .withCsrfToken()
    .header('Accept', 'application/json')
    .json(body)
  return challenge === undefined
    ? request
    : request.withSession({ [REGISTRATION_CHALLENGE]: challenge })
}

/** Registers `authenticator` for `user` through the console. */
async function registered(
  client: ApiClient,
  user: User,
  authenticator: SoftAuthenticator,
  name: string
) {
  const { challenge } = await registrationOptions(client, user)
  const response = await registration(client, user, challenge, {
    name,
    credential: authenticator.register(challenge),
  })
  response.assertStatus(200)
  return response
}

/** The sign-in options of a session waiting for `user`'s second step. */
async function signInOptions(client: ApiClient, user: User) {
  const response = await client
    .post(formAction('console.login.passkey.options'))
    .withSession(pendingFor(user))
    .withCsrfToken()
    .header('Accept', 'application/json')
  response.assertStatus(200)
  return { options: response.body(), challenge: response.session()[SIGN_IN_CHALLENGE] as string }
}

/** Posts a signed assertion as the second step's script does. */
function assertion(
  client: ApiClient,
  user: User,
  challenge: string | undefined,
  credential: object
) {
  const request = client
    .post(formAction('console.login.passkey'))
    .withSession(pendingFor(user))
    .withCsrfToken()
    .header('Accept', 'application/json')
    .json({ credential })
  return challenge === undefined ? request : request.withSession({ [SIGN_IN_CHALLENGE]: challenge })
}

/** A refusal as the passkey pages' script reads it: the status and `{error: {code, message}}`. */
function expectJsonRefusal(assert: Assert, response: ApiResponse, status: number, code: string) {
  assert.equal(response.status(), status, JSON.stringify(response.body()))
  assert.equal(response.body().error.code, code)
  assert.isString(response.body().error.message)
}

test.group('Console passkeys (WebAuthn)', (group) => {
  eachInTransaction(group, AdminPasskey)
  group.each.setup(() => limiter.clear())

  test('an administrator registers two named passkeys and signs in with either', async ({
    client,
    assert,
  }) => {
    const admin = await makeUser(UserType.ADMIN)
    const laptop = new SoftAuthenticator()
    const phone = new SoftAuthenticator()

    const { options } = await registrationOptions(client, admin)
    assert.equal(options.rp.id, 'localhost')
    assert.deepEqual(options.excludeCredentials, [])

    const output = await captureLogs(async () => {
      const first = await registered(client, admin, laptop, 'Laptop')
      assert.deepEqual(first.body(), { redirect: urlFor('console.security.show') })
      assert.isTrue(first.session()[CONSOLE_SECOND_FACTOR])
      await registered(client, admin, phone, 'Phone')
    })
    assert.lengthOf(securityEvents(output, 'two_factor.enrolled'), 2)
    assert.containsSubset(securityEvents(output, 'two_factor.enrolled'), [
      { actorId: admin.id, method: 'passkey' },
    ])
    const stored = await AdminPasskey.query().where('user_id', admin.id).orderBy('name')
    assert.deepEqual(
      stored.map((passkey) => [passkey.name, passkey.credentialId]),
      [
        ['Laptop', laptop.id],
        ['Phone', phone.id],
      ]
    )
    // The next registration leaves out the ones the account has.
    const again = await registrationOptions(client, admin)
    assert.sameMembers(
      again.options.excludeCredentials.map((credential: { id: string }) => credential.id),
      [laptop.id, phone.id]
    )

    const afterPassword = await passwordStep(client, admin)
    expectRedirect(assert, afterPassword, urlFor('console.login.verify'))
    const page = expectPage(
      assert,
      await client.get(urlFor('console.login.verify')).withSession(pendingFor(admin))
    )
    assert.include(page, 'Use a passkey')
    assert.notInclude(page, 'name="code"')

    for (const authenticator of [phone, laptop]) {
      const { options: request, challenge } = await signInOptions(client, admin)
      assert.sameMembers(
        request.allowCredentials.map((credential: { id: string }) => credential.id),
        [laptop.id, phone.id]
      )
      const answer = await assertion(
        client,
        admin,
        challenge,
        authenticator.authenticate(challenge)
      )
      answer.assertStatus(200)
      assert.deepEqual(answer.body(), { redirect: urlFor('console.dashboard') })
      assert.isNumber(answer.session()[CONSOLE_SIGNED_IN_AT])
    }
    const used = await AdminPasskey.findByOrFail('credential_id', phone.id)
    assert.equal(used.signCount, 1)
    assert.isNotNull(used.lastUsedAt)
  })

  test('a registration is refused for a wrong challenge, none kept, a name in use or bad input', async ({
    client,
    assert,
  }) => {
    const admin = await makeUser(UserType.ADMIN)
    const authenticator = new SoftAuthenticator()
    const { challenge } = await registrationOptions(client, admin)

    const forged = await registration(client, admin, challenge, {
      name: 'Forged',
      credential: authenticator.register('c29tZS1vdGhlci1jaGFsbGVuZ2U'),
    })
    forged.assertStatus(401)
    assert.equal(forged.body().error.code, 'INVALID_SECOND_FACTOR')
    // The challenge was spent by that attempt: the right answer now finds none.
    const late = await registration(client, admin, undefined, {
      name: 'Late',
      credential: authenticator.register(challenge),
    })
    late.assertStatus(409)
    assert.equal(late.body().error.code, 'PASSKEY_REQUEST_EXPIRED')

    const otherOrigin = new SoftAuthenticator('https://phishing.example', 'localhost')
    const fresh = await registrationOptions(client, admin)
    const phished = await registration(client, admin, fresh.challenge, {
      name: 'Phished',
      credential: otherOrigin.register(fresh.challenge),
    })
    phished.assertStatus(401)

    await registered(client, admin, authenticator, 'Laptop')
    const second = await registrationOptions(client, admin)
    const sameName = await registration(client, admin, second.challenge, {
      name: 'Laptop',
      credential: new SoftAuthenticator().register(second.challenge),
    })
    sameName.assertStatus(409)
    assert.equal(sameName.body().error.code, 'PASSKEY_NAME_TAKEN')

    const third = await registrationOptions(client, admin)
    const invalid = await registration(client, admin, third.challenge, {
      name: '',
      credential: { id: 'not base64url!' },
    })
    invalid.assertStatus(400)
    const kept = await AdminPasskey.query().where('user_id', admin.id)
    assert.deepEqual(
      kept.map((passkey) => passkey.name),
      ['Laptop']
    )
  })

  test('a sign-in is refused for a wrong challenge, a replayed assertion and someone else’s passkey', async ({
    client,
    assert,
  }) => {
    const admin = await makeUser(UserType.ADMIN)
    const other = await makeUser(UserType.ADMIN)
    const own = new SoftAuthenticator()
    const theirs = new SoftAuthenticator()
    await registered(client, admin, own, 'Mine')
    await registered(client, other, theirs, 'Theirs')

    const output = await captureLogs(async () => {
      const { challenge } = await signInOptions(client, admin)
      const wrongChallenge = await assertion(
        client,
        admin,
        challenge,
        own.authenticate('c29tZS1vdGhlci1jaGFsbGVuZ2U')
      )
      wrongChallenge.assertStatus(401)
      assert.equal(wrongChallenge.body().error.code, 'INVALID_SECOND_FACTOR')
      assert.isUndefined(wrongChallenge.session()[CONSOLE_SIGNED_IN_AT])

      const second = await signInOptions(client, admin)
      const someoneElses = await assertion(
        client,
        admin,
        second.challenge,
        theirs.authenticate(second.challenge)
      )
      someoneElses.assertStatus(401)
      assert.isUndefined(someoneElses.session()[CONSOLE_SIGNED_IN_AT])

      const third = await signInOptions(client, admin)
      const signed = own.authenticate(third.challenge)
      const passed = await assertion(client, admin, third.challenge, signed)
      passed.assertStatus(200)
      // The same signature again, with its challenge put back: the sign count did not move on.
      const replayed = await assertion(client, admin, third.challenge, signed)
      replayed.assertStatus(401)

      const noChallenge = await assertion(
        client,
        admin,
        undefined,
        own.authenticate(third.challenge)
      )
      noChallenge.assertStatus(409)
      assert.equal(noChallenge.body().error.code, 'PASSKEY_REQUEST_EXPIRED')
    })
    assert.lengthOf(securityEvents(output, 'two_factor.failed'), 3)
    assert.containsSubset(securityEvents(output, 'two_factor.failed'), [
      { targetId: admin.id, method: 'passkey' },
    ])
    const theirsStored = await AdminPasskey.findByOrFail('credential_id', theirs.id)
    assert.equal(theirsStored.signCount, 0)
  })

  test('the Security page’s refusals, asked in JSON, name their codes', async ({
    client,
    assert,
    cleanup,
  }) => {
    const admin = await makeUser(UserType.ADMIN)
    const other = await makeUser(UserType.ADMIN)
    const asJson = (path: string) =>
      signedIn(client.post(path), admin).withCsrfToken().header('Accept', 'application/json')

    expectJsonRefusal(
      assert,
      await asJson(formAction('console.security.totp.store')).form({ code: '123456' }),
      409,
      'TOTP_SETUP_EXPIRED'
    )
    expectJsonRefusal(
      assert,
      await asJson(formAction('console.security.totp.destroy')),
      409,
      'TOTP_NOT_ENROLLED'
    )
    expectJsonRefusal(
      assert,
      await asJson(formAction('console.security.recovery_codes.store')),
      409,
      'TOTP_NOT_ENROLLED'
    )

    const authenticator = new SoftAuthenticator()
    await registered(client, admin, authenticator, 'Laptop')
    const again = await registrationOptions(client, admin)
    expectJsonRefusal(
      assert,
      await registration(client, admin, again.challenge, {
        name: 'Laptop again',
        credential: authenticator.register(again.challenge),
      }),
      409,
      'PASSKEY_ALREADY_REGISTERED'
    )
    const theirs = await registered(client, other, new SoftAuthenticator(), 'Theirs')
    assert.equal(theirs.status(), 200)
    const theirPasskey = await AdminPasskey.findByOrFail('user_id', other.id)
    const theirId = theirPasskey.id
    expectJsonRefusal(
      assert,
      await asJson(formAction('console.security.passkeys.update', { id: theirId })).form({
        name: 'Mine',
      }),
      404,
      'PASSKEY_NOT_FOUND'
    )

    consoleSecurity.requireSecondFactor = true
    cleanup(() => {
      consoleSecurity.requireSecondFactor = false
    })
    const own = await AdminPasskey.findByOrFail('user_id', admin.id)
    const removeLast = await signedIn(
      client.post(formAction('console.security.passkeys.destroy', { id: own.id })),
      admin
    )
      .withSession({ [CONSOLE_SECOND_FACTOR]: true })
      .withCsrfToken()
      .header('Accept', 'application/json')
    expectJsonRefusal(assert, removeLast, 409, 'SECOND_FACTOR_REQUIRED')

    await enrolTotp(admin)
    const create = await signedIn(client.get(urlFor('console.security.totp.create')), admin)
      .withSession({ [CONSOLE_SECOND_FACTOR]: true })
      .header('Accept', 'application/json')
    expectJsonRefusal(assert, create, 409, 'TOTP_ALREADY_ENROLLED')
  })

  test('the passkey sign-in needs a waiting sign-in', async ({ client, assert }) => {
    const admin = await makeUser(UserType.ADMIN)
    const options = await client
      .post(formAction('console.login.passkey.options'))
      .withCsrfToken()
      .header('Accept', 'application/json')
    options.assertStatus(401)
    assert.equal(options.body().error.code, 'SIGN_IN_EXPIRED')
    const answer = await client
      .post(formAction('console.login.passkey'))
      .withCsrfToken()
      .header('Accept', 'application/json')
      .json({ credential: new SoftAuthenticator().authenticate('abc') })
    answer.assertStatus(401)
    assert.exists(admin)
  })

  test('the WebAuthn script is served from the installed package', async ({ client, assert }) => {
    const response = await client.get(urlFor('console.assets.webauthn'))
    response.assertStatus(200)
    assert.include(response.header('content-type'), 'javascript')
    assert.include(response.text(), 'SimpleWebAuthnBrowser')
  })
})
