import { setTimeout as sleep } from 'node:timers/promises'
import { test } from '@japa/runner'
import limiter from '@adonisjs/limiter/services/main'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { clockAt, stoppedClock } from '#tests/helpers/clock'
import { SignJWT, decodeJwt } from 'jose'
import tokensConfig from '#config/tokens'
import RefreshToken from '#models/refresh_token'
import { UserType } from '#enums/user_type'
import { bearer, makeUser } from '#tests/helpers/actors'
import { FACTORY_PASSWORD } from '#database/factories/user_factory'
import { sqlTime } from '#support/sql_time'
import { expectEnvelope, expectEnvelopeError } from '#tests/helpers/responses'
import { expectTokenAccepted, probe, refreshDigest, signIn } from './support.js'
import { eachInTransaction } from '#tests/helpers/transactions'

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')

/** Claims a genuine token for `userId` would carry, valid for another ten minutes. */
function claimsFor(userId: string) {
  const now = Math.floor(Date.now() / 1000)
  return {
    sub: userId,
    role: 'CUSTOMER',
    ver: 0,
    iat: now,
    exp: now + 600,
    iss: tokensConfig.issuer,
    aud: tokensConfig.audience,
    jti: crypto.randomUUID(),
  }
}

/** A token signed as the application signs them (HS256, its secret), with any claims. */
function signedWithTheSecret(claims: Record<string, unknown>) {
  const secret = new TextEncoder().encode(tokensConfig.jwtSecret.release())
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(secret)
}

function refresh(client: Parameters<typeof signIn>[0], refreshToken: unknown) {
  return client.post('/auth/refresh').json({ refreshToken })
}

/** Signs out with a bearer token, naming a refresh token when given one. */
function logout(client: Parameters<typeof signIn>[0], accessToken: string, refreshToken?: unknown) {
  const request = client.post('/auth/logout').header('Authorization', `Bearer ${accessToken}`)
  return refreshToken === undefined ? request : request.json({ refreshToken })
}

async function family(refreshToken: string) {
  const token = await RefreshToken.findByOrFail('token_hash', refreshDigest(refreshToken))
  return RefreshToken.query().where('family_id', token.familyId).orderBy('created_at')
}

test.group('POST /auth/refresh', (group) => {
  eachInTransaction(group)
  group.each.setup(() => limiter.clear())

  test('rotates the refresh token into a new pair of the same session', async ({
    client,
    assert,
  }) => {
    const user = await makeUser(UserType.CUSTOMER)
    const first = await signIn(client, user.email, FACTORY_PASSWORD)

    const response = await refresh(client, first.refreshToken)
    const data = expectEnvelope(assert, response, 200)
    assert.equal(response.header('cache-control'), 'no-store')
    assert.equal(data.tokenType, 'Bearer')
    assert.equal(data.expiresIn, 900)
    assert.notEqual(data.refreshToken, first.refreshToken)
    assert.equal(decodeJwt(data.accessToken).sid, decodeJwt(first.accessToken).sid)
    assert.equal(decodeJwt(data.accessToken).sub, user.id)

    const rows = await family(first.refreshToken)
    assert.lengthOf(rows, 2)
    const old = rows.find((row) => row.tokenHash === refreshDigest(first.refreshToken))!
    const fresh = rows.find((row) => row.tokenHash === refreshDigest(data.refreshToken))!
    assert.isNotNull(old.rotatedAt)
    assert.isNull(fresh.rotatedAt)
    assert.isNull(fresh.revokedAt)

    await expectTokenAccepted(assert, client, data.accessToken)
    expectEnvelope(assert, await refresh(client, data.refreshToken), 200)
  })

  test('a rotated token presented again revokes its whole family', async ({ client, assert }) => {
    const user = await makeUser(UserType.CUSTOMER)
    const first = await signIn(client, user.email, FACTORY_PASSWORD)
    const second = expectEnvelope(assert, await refresh(client, first.refreshToken), 200)
    const other = await signIn(client, user.email, FACTORY_PASSWORD)

    const reused = await refresh(client, first.refreshToken)
    expectEnvelopeError(assert, reused, 401, 'INVALID_REFRESH_TOKEN')

    for (const row of await family(first.refreshToken)) assert.isNotNull(row.revokedAt)
    expectEnvelopeError(
      assert,
      await refresh(client, second.refreshToken),
      401,
      'INVALID_REFRESH_TOKEN'
    )
    expectEnvelopeError(assert, await probe(client, second.accessToken), 401, 'TOKEN_REVOKED')
    expectEnvelopeError(assert, await probe(client, first.accessToken), 401, 'TOKEN_REVOKED')

    // Another session of the same account is untouched.
    await expectTokenAccepted(assert, client, other.accessToken)
    expectEnvelope(assert, await refresh(client, other.refreshToken), 200)
  })

  test('unknown, expired and malformed refresh tokens are refused', async ({ client, assert }) => {
    expectEnvelopeError(assert, await refresh(client, 'not-a-token'), 401, 'INVALID_REFRESH_TOKEN')

    const user = await makeUser(UserType.SELLER)
    const session = await signIn(client, user.email, FACTORY_PASSWORD, 'seller')
    await db
      .from('refresh_tokens')
      .where('token_hash', refreshDigest(session.refreshToken))
      .update({ expires_at: sqlTime(DateTime.now().minus({ seconds: 1 })) })
    expectEnvelopeError(
      assert,
      await refresh(client, session.refreshToken),
      401,
      'INVALID_REFRESH_TOKEN'
    )

    const missing = await client.post('/auth/refresh').json({})
    const error = expectEnvelopeError(assert, missing, 400, 'VALIDATION_FAILED')
    assert.deepEqual(
      error.fields!.map((field) => field.field),
      ['refreshToken']
    )
    expectEnvelopeError(assert, await refresh(client, 42), 400, 'VALIDATION_FAILED')
    expectEnvelopeError(assert, await refresh(client, 'x'.repeat(500)), 400, 'VALIDATION_FAILED')
  })

  test('a refresh token lives exactly REFRESH_TOKEN_TTL, on a stepped clock', async ({
    client,
    assert,
    cleanup,
  }) => {
    const user = await makeUser(UserType.CUSTOMER)
    const start = stoppedClock(cleanup)
    const first = await signIn(client, user.email, FACTORY_PASSWORD)
    const lifetime = { seconds: tokensConfig.refreshTokenTtlSeconds }

    // At its very expiry instant a token is still good; the one it rotates into lives on.
    const expiry = start.plus(lifetime)
    clockAt(expiry.toMillis())
    const second = expectEnvelope(assert, await refresh(client, first.refreshToken), 200)

    clockAt(expiry.plus(lifetime).toMillis() + 1000)
    expectEnvelopeError(
      assert,
      await refresh(client, second.refreshToken),
      401,
      'INVALID_REFRESH_TOKEN'
    )
    // Refused for its age, not as a reuse: the token is not rotated and nothing is revoked.
    const rows = await family(first.refreshToken)
    assert.deepEqual(
      rows.map((row) => [row.rotatedAt !== null, row.revokedAt !== null]),
      [
        [true, false],
        [false, false],
      ]
    )
  })

  test('a deactivated or unverified account cannot refresh, and the token is used up', async ({
    client,
    assert,
  }) => {
    for (const change of [{ is_active: false }, { email_verified_at: null }]) {
      const user = await makeUser(UserType.CUSTOMER)
      const session = await signIn(client, user.email, FACTORY_PASSWORD)
      await db.from('users').where('id', user.id).update(change)
      const refused = await refresh(client, session.refreshToken)
      expectEnvelopeError(assert, refused, 401, 'INVALID_REFRESH_TOKEN')

      await db
        .from('users')
        .where('id', user.id)
        .update({ is_active: true, email_verified_at: sqlTime() })
      const again = await refresh(client, session.refreshToken)
      expectEnvelopeError(assert, again, 401, 'INVALID_REFRESH_TOKEN')
      assert.lengthOf(await family(session.refreshToken), 1)
    }
  })
})

test.group('POST /auth/logout', (group) => {
  eachInTransaction(group)
  group.each.setup(() => limiter.clear())

  test('needs a token', async ({ client, assert }) => {
    const response = await client.post('/auth/logout')
    expectEnvelopeError(assert, response, 401, 'UNAUTHORIZED')
    assert.equal(response.header('cache-control'), 'no-store')
  })

  test('ends the session of the access token used, and nothing else', async ({
    client,
    assert,
  }) => {
    const user = await makeUser(UserType.CUSTOMER)
    const session = await signIn(client, user.email, FACTORY_PASSWORD)
    const other = await signIn(client, user.email, FACTORY_PASSWORD)

    const response = await logout(client, session.accessToken)
    assert.equal(expectEnvelope(assert, response, 200), 'Signed out')
    assert.equal(response.header('cache-control'), 'no-store')

    for (const row of await family(session.refreshToken)) assert.isNotNull(row.revokedAt)
    expectEnvelopeError(assert, await probe(client, session.accessToken), 401, 'TOKEN_REVOKED')
    expectEnvelopeError(
      assert,
      await refresh(client, session.refreshToken),
      401,
      'INVALID_REFRESH_TOKEN'
    )

    await expectTokenAccepted(assert, client, other.accessToken)
    for (const row of await family(other.refreshToken)) assert.isNull(row.revokedAt)
  })

  test('a token without a session logs out without ending any session', async ({
    client,
    assert,
  }) => {
    const user = await makeUser(UserType.CUSTOMER)
    const session = await signIn(client, user.email, FACTORY_PASSWORD)
    const sessionless = await bearer(user)
    const response = await client.post('/auth/logout').header('Authorization', sessionless)
    assert.equal(response.status(), 200, response.text())
    await expectTokenAccepted(assert, client, session.accessToken)
  })

  test('also ends the session of a refresh token of the same account, not of another', async ({
    client,
    assert,
  }) => {
    const user = await makeUser(UserType.CUSTOMER)
    const stranger = await makeUser(UserType.CUSTOMER)
    const session = await signIn(client, user.email, FACTORY_PASSWORD)
    const second = await signIn(client, user.email, FACTORY_PASSWORD)
    const theirs = await signIn(client, stranger.email, FACTORY_PASSWORD)

    const own = await logout(client, session.accessToken, second.refreshToken)
    expectEnvelope(assert, own, 200)
    for (const row of await family(second.refreshToken)) assert.isNotNull(row.revokedAt)

    const signedIn = await signIn(client, user.email, FACTORY_PASSWORD)
    const foreign = await logout(client, signedIn.accessToken, theirs.refreshToken)
    expectEnvelope(assert, foreign, 200)
    for (const row of await family(theirs.refreshToken)) assert.isNull(row.revokedAt)
    await expectTokenAccepted(assert, client, theirs.accessToken)
  })

  test('refuses an invalid refresh token field', async ({ client, assert }) => {
    const user = await makeUser(UserType.CUSTOMER)
    const session = await signIn(client, user.email, FACTORY_PASSWORD)
    const response = await logout(client, session.accessToken, 12)
    const error = expectEnvelopeError(assert, response, 400, 'VALIDATION_FAILED')
    assert.deepEqual(
      error.fields!.map((field) => field.field),
      ['refreshToken']
    )
    await expectTokenAccepted(assert, client, session.accessToken)
  })
})

test.group('Access tokens', (group) => {
  eachInTransaction(group)
  group.each.setup(() => limiter.clear())

  test('a missing or malformed Authorization header is a 401', async ({ client, assert }) => {
    expectEnvelopeError(assert, await client.put('/auth/change-password'), 401, 'UNAUTHORIZED')
    const basic = await client.put('/auth/change-password').header('Authorization', 'Basic abc')
    expectEnvelopeError(assert, basic, 401, 'UNAUTHORIZED')
    expectEnvelopeError(assert, await probe(client, 'abc.def.ghi'), 401, 'INVALID_TOKEN')
  })

  test('an unsigned token (alg none) is refused', async ({ client, assert }) => {
    const user = await makeUser(UserType.CUSTOMER)
    const unsigned = `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(claimsFor(user.id))}.`
    expectEnvelopeError(assert, await probe(client, unsigned), 401, 'INVALID_TOKEN')
  })

  test('a token signed with another secret or algorithm is refused', async ({ client, assert }) => {
    const user = await makeUser(UserType.CUSTOMER)
    const forged = await new SignJWT(claimsFor(user.id))
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(new TextEncoder().encode('another-secret-of-enough-length-000000'))
    expectEnvelopeError(assert, await probe(client, forged), 401, 'INVALID_TOKEN')

    const hs512 = await new SignJWT(claimsFor(user.id))
      .setProtectedHeader({ alg: 'HS512', typ: 'JWT' })
      .sign(new TextEncoder().encode(tokensConfig.jwtSecret.release()))
    expectEnvelopeError(assert, await probe(client, hs512), 401, 'INVALID_TOKEN')

    // The control: the same claims with the real secret and HS256 are accepted.
    const genuine = await signedWithTheSecret(claimsFor(user.id))
    await expectTokenAccepted(assert, client, genuine)
  })

  test('an expired token and one for another audience are refused', async ({ client, assert }) => {
    const user = await makeUser(UserType.CUSTOMER)
    const now = Math.floor(Date.now() / 1000)
    const expired = await signedWithTheSecret({
      ...claimsFor(user.id),
      iat: now - 1000,
      exp: now - 100,
    })
    const response = await probe(client, expired)
    expectEnvelopeError(assert, response, 401, 'TOKEN_EXPIRED')
    assert.equal(response.header('cache-control'), 'no-store')

    const elsewhere = await signedWithTheSecret({ ...claimsFor(user.id), aud: 'another-service' })
    expectEnvelopeError(assert, await probe(client, elsewhere), 401, 'INVALID_TOKEN')

    const oddSubject = await signedWithTheSecret({ ...claimsFor(user.id), sub: 'not-a-uuid' })
    expectEnvelopeError(assert, await probe(client, oddSubject), 401, 'INVALID_TOKEN')
  })

  test('a token accepted before its expiry is refused after it, though it was checked before', async ({
    client,
    assert,
  }) => {
    // Checked tokens are remembered until their expiry (token_service.ts): the expiry still holds.
    const user = await makeUser(UserType.CUSTOMER)
    const exp = Math.floor(Date.now() / 1000) + 3
    const shortLived = await signedWithTheSecret({ ...claimsFor(user.id), exp })
    await expectTokenAccepted(assert, client, shortLived)
    await expectTokenAccepted(assert, client, shortLived)
    await sleep(exp * 1000 - Date.now() + 50)
    expectEnvelopeError(assert, await probe(client, shortLived), 401, 'TOKEN_EXPIRED')
  })

  test('a token of another token version is revoked, even while its session is live', async ({
    client,
    assert,
  }) => {
    const user = await makeUser(UserType.CUSTOMER)
    const session = await signIn(client, user.email, FACTORY_PASSWORD)
    const sign = (claims: object) => signedWithTheSecret({ ...claimsFor(user.id), ...claims })
    const sessionless = await sign({ ver: 0 })
    const ahead = await sign({ ver: 1 })
    await expectTokenAccepted(assert, client, session.accessToken)
    await expectTokenAccepted(assert, client, sessionless)
    expectEnvelopeError(assert, await probe(client, ahead), 401, 'TOKEN_REVOKED')

    // Only the version moves: no refresh token is revoked, so the session itself is still live.
    await db.from('users').where('id', user.id).update({ token_version: 1 })
    expectEnvelopeError(assert, await probe(client, session.accessToken), 401, 'TOKEN_REVOKED')
    expectEnvelopeError(assert, await probe(client, sessionless), 401, 'TOKEN_REVOKED')
    await expectTokenAccepted(assert, client, ahead)
    const live = await db.from('refresh_tokens').where('user_id', user.id).whereNull('revoked_at')
    assert.lengthOf(live, 1)
  })

  test('a token whose claims are missing or of the wrong kind is refused', async ({
    client,
    assert,
  }) => {
    const user = await makeUser(UserType.CUSTOMER)
    const { sub, ver, iat, jti, ...rest } = claimsFor(user.id)
    const variants: Array<[string, object, string]> = [
      ['no sub', { ver, iat, jti, ...rest }, 'INVALID_TOKEN'],
      ['no iat', { sub, ver, jti, ...rest }, 'INVALID_TOKEN'],
      ['no jti', { sub, ver, iat, ...rest }, 'INVALID_TOKEN'],
      ['no ver', { sub, iat, jti, ...rest }, 'INVALID_TOKEN'],
      ['ver as text', { sub, ver: '0', iat, jti, ...rest }, 'INVALID_TOKEN'],
      ['sub of nobody', { sub: crypto.randomUUID(), ver, iat, jti, ...rest }, 'TOKEN_REVOKED'],
      ['sub with a prefix', { sub: `x${sub}`, ver, iat, jti, ...rest }, 'INVALID_TOKEN'],
      ['sub with a suffix', { sub: `${sub}x`, ver, iat, jti, ...rest }, 'INVALID_TOKEN'],
      ['exp as text', { sub, ver, iat, jti, ...rest, exp: String(rest.exp) }, 'INVALID_TOKEN'],
      [
        'not valid before a later time',
        { sub, ver, iat, jti, ...rest, nbf: iat + 300 },
        'INVALID_TOKEN',
      ],
      [
        'iss of another issuer',
        { sub, ver, iat, jti, ...rest, iss: 'someone-else' },
        'INVALID_TOKEN',
      ],
    ]
    for (const [name, claims, code] of variants) {
      const token = await signedWithTheSecret(claims as Record<string, unknown>)
      const response = await probe(client, token)
      assert.equal(response.body().error?.code, code, name)
      expectEnvelopeError(assert, response, 401, code)
    }
  })

  test('a session id that is not text is ignored, and a revoked session refuses its tokens', async ({
    client,
    assert,
  }) => {
    const user = await makeUser(UserType.CUSTOMER)
    const session = await signIn(client, user.email, FACTORY_PASSWORD)
    const { sid } = decodeJwt(session.accessToken)
    const sign = (claims: object) => signedWithTheSecret({ ...claimsFor(user.id), ...claims })
    const numericSid = await sign({ sid: 12 })
    const sameSession = await sign({ sid })
    await expectTokenAccepted(assert, client, sameSession)

    await db
      .from('refresh_tokens')
      .where('family_id', sid as string)
      .update({ revoked_at: sqlTime() })
    expectEnvelopeError(assert, await probe(client, sameSession), 401, 'TOKEN_REVOKED')
    await expectTokenAccepted(assert, client, numericSid)
  })
})
