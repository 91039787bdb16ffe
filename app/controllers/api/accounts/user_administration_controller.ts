import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { changeUserTypeValidator } from '#validators/user'
import { UserAdministrationService } from '#services/accounts/user_administration_service'
import { sendEnvelope } from '#http/envelope'
import UserPolicy from '#policies/user_policy'

/** Admin control of user type and activation (docs/api/accounts.md). */
@inject()
export default class UserAdministrationController {
  constructor(protected users: UserAdministrationService) {}

  async changeUserType({ actor, request, response, params, bouncer }: HttpContext) {
    await bouncer.with(UserPolicy).authorize('manageAny')
    const { userType } = await request.validateUsing(changeUserTypeValidator)
    await this.users.changeType(actor, params.userId, userType)
    return sendEnvelope(response, `User type changed to ${userType}`)
  }

  async deactivate({ actor, response, params, bouncer }: HttpContext) {
    await bouncer.with(UserPolicy).authorize('manageAny')
    await this.users.deactivate(actor, params.userId)
    return sendEnvelope(response, 'User deactivated')
  }

  async activate({ actor, response, params, bouncer }: HttpContext) {
    await bouncer.with(UserPolicy).authorize('manageAny')
    await this.users.activate(actor, params.userId)
    return sendEnvelope(response, 'User activated')
  }
}
