import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { urlFor } from '@adonisjs/core/services/url_builder'
import type User from '#models/user'
import consoleSecurity from '#config/console_security'
import { isAdministrator } from '#policies/roles'
import { ConsoleTwoFactorService } from '#services/accounts/console_two_factor_service'

/** Session key holding the token version the console session was opened with. */
export const CONSOLE_TOKEN_VERSION = 'consoleTokenVersion'

/** Session key holding when the console session was opened (milliseconds since the epoch). */
export const CONSOLE_SIGNED_IN_AT = 'consoleSignedInAt'

/** Session key set when the session was opened with a second factor, or one was enrolled in it. */
export const CONSOLE_SECOND_FACTOR = 'consoleSecondFactor'

/**
 * Session key of a sign-in waiting for its second factor: the account, its token version and
 * when its password was accepted. Nobody is signed in while it waits.
 */
export const CONSOLE_PENDING_SIGN_IN = 'consolePendingSignIn'

/** A password accepted this long ago no longer opens the second step. */
export const PENDING_SIGN_IN_MS = 5 * 60 * 1000

export interface PendingSignIn {
  userId: string
  tokenVersion: number
  at: number
}

/**
 * Opens the console session of `user`, whose password (and second factor, when it has one) has
 * been checked: a new session id, the account's token version and the time, as the middleware
 * checks them.
 */
export async function openConsoleSession(ctx: HttpContext, user: User, secondFactor: boolean) {
  ctx.session.forget(CONSOLE_PENDING_SIGN_IN)
  ctx.session.regenerate()
  await ctx.auth.use('web').login(user)
  ctx.session.put(CONSOLE_TOKEN_VERSION, user.tokenVersion)
  ctx.session.put(CONSOLE_SIGNED_IN_AT, Date.now())
  if (secondFactor) ctx.session.put(CONSOLE_SECOND_FACTOR, true)
}

/** Console routes an administrator who must still enrol a second factor may use. */
const ENROLMENT_ROUTES = /^console\.(security\.|logout$)/

/** A console session ends this long after sign-in, however active it is. */
export const CONSOLE_SESSION_LIFETIME_MS = 8 * 60 * 60 * 1000

/**
 * Ends the console session for good: the user is signed out and the stored session is dropped
 * (a new, empty one takes its place for the flash message), so a copy of the old cookie names a
 * session that no longer exists.
 */
export async function endConsoleSession(ctx: HttpContext) {
  await ctx.auth.use('web').logout()
  ctx.session.clear()
  ctx.session.regenerate()
}

/**
 * Admits only a signed-in, active Admin or Super Admin whose account has not changed since the
 * session began, within 8 hours of sign-in: a deactivation, a demotion or a password change (each
 * bumps the token version) ends the console session at once, as it ends the account's API
 * tokens. The 30-minute idle limit is the session store's expiry (config/session.ts).
 */
export default class ConsoleAuthMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    await ctx.auth.authenticateUsing(['web'], { loginRoute: urlFor('console.login') })
    const user = ctx.auth.getUserOrFail()
    const signedInAt = ctx.session.get(CONSOLE_SIGNED_IN_AT)
    const stillValid =
      user.isActive &&
      isAdministrator(user) &&
      ctx.session.get(CONSOLE_TOKEN_VERSION) === user.tokenVersion &&
      typeof signedInAt === 'number' &&
      Date.now() - signedInAt < CONSOLE_SESSION_LIFETIME_MS
    if (!stillValid) {
      await endConsoleSession(ctx)
      ctx.session.flash('error', 'Your session has ended. Sign in again.')
      return ctx.response.redirect().toRoute('console.login')
    }
    if (consoleSecurity.requireSecondFactor && !ctx.session.get(CONSOLE_SECOND_FACTOR)) {
      const redirect = await this.#enrolmentRedirect(ctx, user)
      if (redirect) return redirect
    }
    ctx.view.share({ currentUser: user })
    return next()
  }

  /**
   * With CONSOLE_REQUIRE_2FA, a session opened without a second factor reaches only the Security
   * page until one is enrolled. Should the account have one by now (enrolled in another session),
   * this session never passed it: it is ended, and the next sign-in asks for it.
   */
  async #enrolmentRedirect(ctx: HttpContext, user: User) {
    const twoFactor = await ctx.containerResolver.make(ConsoleTwoFactorService)
    if (await twoFactor.hasSecondFactor(user.id)) {
      await endConsoleSession(ctx)
      ctx.session.flash('error', 'Your session has ended. Sign in again.')
      return ctx.response.redirect().toRoute('console.login')
    }
    if (ENROLMENT_ROUTES.test(ctx.route?.name ?? '')) return null
    ctx.session.flash('error', 'Set up a second factor to use the console.')
    return ctx.response.redirect().toRoute('console.security.show')
  }
}
