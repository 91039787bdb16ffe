import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { consoleLoginValidator } from '#validators/console_session'
import { AuthenticationService } from '#services/accounts/authentication_service'
import {
  CONSOLE_SIGNED_IN_AT,
  CONSOLE_TOKEN_VERSION,
  endConsoleSession,
} from '#middleware/console_auth_middleware'

/** Console sign-in and sign-out. */
@inject()
export default class SessionController {
  constructor(protected authentication: AuthenticationService) {}

  async create({ view, auth, response }: HttpContext) {
    if (await auth.use('web').check()) return response.redirect().toRoute('console.dashboard')
    return view.render('pages/admin/login')
  }

  async store({ caller, request, response, auth, session }: HttpContext) {
    const credentials = await request.validateUsing(consoleLoginValidator)
    const user = await this.authentication.signInToConsole(caller, credentials)
    session.regenerate()
    await auth.use('web').login(user)
    session.put(CONSOLE_TOKEN_VERSION, user.tokenVersion)
    session.put(CONSOLE_SIGNED_IN_AT, Date.now())
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
