import type { ApiClient, ApiResponse } from '@japa/api-client'
import app from '@adonisjs/core/services/app'
import { DateTime } from 'luxon'
import { urlFor } from '@adonisjs/core/services/url_builder'
import type User from '#models/user'
import { FACTORY_PASSWORD } from '#database/factories/user_factory'
import { ConsoleTwoFactorService } from '#services/accounts/console_two_factor_service'
import { newTotpSecret, totpCode } from '#services/accounts/totp'
import { actorOf } from '#support/actor'
import { CONSOLE_PENDING_SIGN_IN, type PendingSignIn } from '#middleware/console_auth_middleware'
import { formAction } from '#tests/helpers/routes'

/** The first step of a console sign-in: the password form, answered without following redirects. */
export function passwordStep(client: ApiClient, user: User): Promise<ApiResponse> {
  return client
    .post(formAction('console.login.store'))
    .withCsrfToken()
    .form({ email: user.email, password: FACTORY_PASSWORD })
    .redirects(0)
    .then((response) => response)
}

/** The session of a sign-in whose password `user` has just passed, waiting for its second step. */
export function pendingFor(user: User): Record<string, PendingSignIn> {
  return {
    [CONSOLE_PENDING_SIGN_IN]: { userId: user.id, tokenVersion: user.tokenVersion, at: Date.now() },
  }
}

/** The second step's code form, posted from its page in a session waiting for `user`. */
export function codeStep(client: ApiClient, user: User, code: string): Promise<ApiResponse> {
  return client
    .post(formAction('console.login.verify.store'))
    .withSession(pendingFor(user))
    .withCsrfToken()
    .header('Referer', `http://localhost${urlFor('console.login.verify')}`)
    .form({ code })
    .redirects(0)
    .then((response) => response)
}

/** Sets up an authenticator for `user` through the service, at Luxon's (stopped) clock. */
export async function enrolTotp(user: User): Promise<{ secret: string; recoveryCodes: string[] }> {
  const secret = newTotpSecret()
  const service = await app.container.make(ConsoleTwoFactorService)
  const recoveryCodes = await service.enrolTotp(
    actorOf(user),
    secret,
    totpCode(secret, DateTime.now().toMillis())
  )
  return { secret, recoveryCodes }
}
