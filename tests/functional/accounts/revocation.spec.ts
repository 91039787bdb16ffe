import { test } from '@japa/runner'
import type { Assert } from '@japa/assert'
import limiter from '@adonisjs/limiter/services/main'
import { UserType } from '#enums/user_type'
import { actor } from '#tests/helpers/actors'
import { expectEnvelope, expectEnvelopeError } from '#tests/helpers/responses'
import {
  PASSWORD,
  expectTokenAccepted,
  probe,
  registerVerified,
  signIn,
  takeMail,
  uniqueEmail,
} from './support.js'
import { eachInTransaction } from '#tests/helpers/transactions'

type Client = Parameters<typeof signIn>[0]

const NEW_PASSWORD = 'Copper-Willow-6402'

/**
 * A verified customer with two sessions opened by login: every revoking event must end both,
 * access and refresh tokens alike, at once.
 */
async function customerWithSessions(client: Client) {
  const email = uniqueEmail('revoked')
  const user = await registerVerified(client, email)
  const sessions = [await signIn(client, email), await signIn(client, email)]
  return { user, email, sessions }
}

async function expectRefreshRefused(assert: Assert, client: Client, refreshToken: string) {
  const response = await client.post('/auth/refresh').json({ refreshToken })
  expectEnvelopeError(assert, response, 401, 'INVALID_REFRESH_TOKEN')
}

test.group('Revocation of tokens already issued', (group) => {
  eachInTransaction(group)
  group.each.setup(() => limiter.clear())

  test('a password change ends every session at once', async ({ client, assert }) => {
    const { sessions } = await customerWithSessions(client)
    for (const session of sessions) await expectTokenAccepted(assert, client, session.accessToken)

    const response = await client
      .put('/auth/change-password')
      .header('Authorization', `Bearer ${sessions[0].accessToken}`)
      .json({ oldPassword: PASSWORD, newPassword: NEW_PASSWORD })
    expectEnvelope(assert, response, 200)

    for (const session of sessions) {
      expectEnvelopeError(assert, await probe(client, session.accessToken), 401, 'TOKEN_REVOKED')
      await expectRefreshRefused(assert, client, session.refreshToken)
    }
  })

  test('a password reset ends every session at once', async ({ client, assert }) => {
    const { email, sessions } = await customerWithSessions(client)
    await client.post('/auth/forget-password').json({ email })
    const mail = await takeMail('password_reset', email)

    const response = await client
      .post('/auth/reset-password')
      .json({ email, otp: mail.codes[0].code, newPassword: NEW_PASSWORD })
    expectEnvelope(assert, response, 200)

    for (const session of sessions) {
      expectEnvelopeError(assert, await probe(client, session.accessToken), 401, 'TOKEN_REVOKED')
      await expectRefreshRefused(assert, client, session.refreshToken)
    }
  })

  test('a deactivation ends every session at once; the owner is told why', async ({
    client,
    assert,
  }) => {
    const { user, sessions } = await customerWithSessions(client)
    const admin = await actor(UserType.ADMIN)

    const response = await client
      .put(`/auth/${user.id}/deactivate`)
      .header('Authorization', admin.authorization)
    expectEnvelope(assert, response, 200)

    for (const session of sessions) {
      const refused = await probe(client, session.accessToken)
      expectEnvelopeError(assert, refused, 403, 'ACCOUNT_DEACTIVATED')
      await expectRefreshRefused(assert, client, session.refreshToken)
    }

    // Reactivation does not bring the old tokens back.
    await client.put(`/auth/${user.id}/activate`).header('Authorization', admin.authorization)
    for (const session of sessions) {
      expectEnvelopeError(assert, await probe(client, session.accessToken), 401, 'TOKEN_REVOKED')
      await expectRefreshRefused(assert, client, session.refreshToken)
    }
  })

  test('a user-type change ends every session at once', async ({ client, assert }) => {
    const { user, email, sessions } = await customerWithSessions(client)
    const admin = await actor(UserType.ADMIN)

    const response = await client
      .put(`/auth/${user.id}/change-user-type`)
      .header('Authorization', admin.authorization)
      .qs({ userType: 'SELLER' })
    expectEnvelope(assert, response, 200)

    for (const session of sessions) {
      expectEnvelopeError(assert, await probe(client, session.accessToken), 401, 'TOKEN_REVOKED')
      await expectRefreshRefused(assert, client, session.refreshToken)
    }
    const fresh = await signIn(client, email, PASSWORD, 'seller')
    await expectTokenAccepted(assert, client, fresh.accessToken)
  })

  test('an admin who loses the type loses administration at once', async ({ client, assert }) => {
    const superAdmin = await actor(UserType.SUPER_ADMIN)
    const admin = await actor(UserType.ADMIN)
    const customer = await actor(UserType.CUSTOMER)

    const demoted = await client
      .put(`/auth/${admin.user.id}/change-user-type`)
      .header('Authorization', superAdmin.authorization)
      .qs({ userType: 'CUSTOMER' })
    expectEnvelope(assert, demoted, 200)

    const attempt = await client
      .put(`/auth/${customer.user.id}/deactivate`)
      .header('Authorization', admin.authorization)
    expectEnvelopeError(assert, attempt, 401, 'TOKEN_REVOKED')
  })
})
