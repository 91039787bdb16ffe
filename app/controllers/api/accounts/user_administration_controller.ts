import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { acting } from '#controllers/acting'
import { changeUserTypeValidator } from '#validators/user'
import { UserAdministrationService } from '#services/accounts/user_administration_service'
import { sendEnvelope } from '#http/envelope'

/** Admin control of user type and activation (docs/api/accounts.md). */
@inject()
export default class UserAdministrationController {
  constructor(protected users: UserAdministrationService) {}

  async changeUserType({ request, response, params, auth, bouncer }: HttpContext) {
    await bouncer.authorize('administer')
    const { userType } = await request.validateUsing(changeUserTypeValidator)
    await this.users.changeType(acting({ auth, request }), params.userId, userType)
    return sendEnvelope(response, `User type changed to ${userType}`)
  }

  async deactivate({ request, response, params, auth, bouncer }: HttpContext) {
    await bouncer.authorize('administer')
    await this.users.deactivate(acting({ auth, request }), params.userId)
    return sendEnvelope(response, 'User deactivated')
  }

  async activate({ request, response, params, auth, bouncer }: HttpContext) {
    await bouncer.authorize('administer')
    await this.users.activate(acting({ auth, request }), params.userId)
    return sendEnvelope(response, 'User activated')
  }
}
