import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { isAdministrative } from '#enums/user_type'

/** Session key holding the token version the console session was opened with. */
export const CONSOLE_TOKEN_VERSION = 'consoleTokenVersion'

/**
 * Admits only a signed-in, active Admin or Super Admin whose account has not changed since the
 * session began: a deactivation, a demotion or a password change (each bumps the token version)
 * ends the console session at once, as it ends the account's API tokens.
 */
export default class ConsoleAuthMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    await ctx.auth.authenticateUsing(['web'], { loginRoute: '/admin/login' })
    const user = ctx.auth.getUserOrFail()
    const stillValid =
      user.isActive &&
      isAdministrative(user.userType) &&
      ctx.session.get(CONSOLE_TOKEN_VERSION) === user.tokenVersion
    if (!stillValid) {
      await ctx.auth.use('web').logout()
      ctx.session.flash('error', 'Your session has ended. Sign in again.')
      return ctx.response.redirect('/admin/login')
    }
    ctx.view.share({ currentUser: user })
    return next()
  }
}
