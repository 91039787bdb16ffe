import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import consoleSecurity from '#config/console_security'
import { consoleLoginValidator } from '#validators/console_session'
import { AuthenticationService } from '#services/accounts/authentication_service'
import { ConsoleTwoFactorService } from '#services/accounts/console_two_factor_service'
import {
  CONSOLE_PENDING_SIGN_IN,
  endConsoleSession,
  openConsoleSession,
  type PendingSignIn,
} from '#middleware/console_auth_middleware'

/**
 * Console sign-in and sign-out. An administrator with a second factor is not signed in by the
 * password: the session only remembers the accepted password for a few minutes and the second
 * step (SecondFactorController) opens it.
 */
@inject()
export default class SessionController {
  constructor(
    protected authentication: AuthenticationService,
    protected twoFactor: ConsoleTwoFactorService
  ) {}

  async create({ view, auth, response }: HttpContext) {
    if (await auth.use('web').check()) return response.redirect().toRoute('console.dashboard')
    return view.render('pages/admin/login')
  }

  async store(ctx: HttpContext) {
    const { caller, request, response, session } = ctx
    const credentials = await request.validateUsing(consoleLoginValidator)
    const user = await this.authentication.checkConsolePassword(caller, credentials)
    if (await this.twoFactor.hasSecondFactor(user.id)) {
      session.regenerate()
      const pending: PendingSignIn = {
        userId: user.id,
        tokenVersion: user.tokenVersion,
        at: Date.now(),
      }
      session.put(CONSOLE_PENDING_SIGN_IN, pending)
      return response.redirect().toRoute('console.login.verify')
    }
    await openConsoleSession(ctx, user, false)
    this.authentication.recordConsoleSignIn(caller, user, null)
    if (consoleSecurity.requireSecondFactor) {
      session.flash('error', 'Set up a second factor to use the console.')
      return response.redirect().toRoute('console.security.show')
    }
    return response.redirect().toRoute('console.dashboard')
  }

  async destroy(ctx: HttpContext) {
    const { response, session } = ctx
    this.authentication.recordConsoleSignOut(ctx.actor)
    await endConsoleSession(ctx)
    session.flash('success', 'You have signed out.')
    return response.redirect().toRoute('console.login')
  }
}
