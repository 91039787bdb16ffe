import type { HttpContext } from '@adonisjs/core/http'
import { consoleLoginValidator } from '#validators/console_session'
import { AuthenticationService } from '#services/accounts/authentication_service'
import { CONSOLE_TOKEN_VERSION } from '#middleware/console_auth_middleware'

/** Console sign-in and sign-out. */
export default class SessionController {
  async create({ view, auth, response }: HttpContext) {
    if (await auth.use('web').check()) return response.redirect('/admin')
    return view.render('pages/admin/login')
  }

  async store({ request, response, auth, session }: HttpContext) {
    const { email, password } = await request.validateUsing(consoleLoginValidator)
    const user = await new AuthenticationService().verifyCredentials(
      { email, password, userType: 'admin' },
      request.ip()
    )
    session.regenerate()
    await auth.use('web').login(user)
    session.put(CONSOLE_TOKEN_VERSION, user.tokenVersion)
    return response.redirect('/admin')
  }

  async destroy({ response, auth, session }: HttpContext) {
    await auth.use('web').logout()
    session.flash('success', 'You have signed out.')
    return response.redirect('/admin/login')
  }
}
