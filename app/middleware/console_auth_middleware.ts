import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { isAdministrator } from '#policies/roles'

/** Session key holding the token version the console session was opened with. */
export const CONSOLE_TOKEN_VERSION = 'consoleTokenVersion'

/** Session key holding when the console session was opened (milliseconds since the epoch). */
export const CONSOLE_SIGNED_IN_AT = 'consoleSignedInAt'

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
    ctx.view.share({ currentUser: user })
    return next()
  }
}
