import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { changeUserTypeValidator } from '#validators/user'
import { UserAdministrationService } from '#services/accounts/user_administration_service'
import { successEnvelope } from '#transformers/envelope'

/** Admin control of user type and activation (interface section 4.2). */
@inject()
export default class UserAdministrationController {
  constructor(protected userAdministration: UserAdministrationService) {}

  async changeUserType({ request, response, params, auth, bouncer }: HttpContext) {
    await bouncer.authorize('administer')
    const { userType } = await changeUserTypeValidator.validate(request.all())
    await this.userAdministration.changeType(
      auth.getUserOrFail(),
      params.userId,
      userType,
      request.ip()
    )
    return response.ok(successEnvelope(200, `User type changed to ${userType}`))
  }

  async deactivate({ request, response, params, auth, bouncer }: HttpContext) {
    await bouncer.authorize('administer')
    await this.userAdministration.deactivate(auth.getUserOrFail(), params.userId, request.ip())
    return response.ok(successEnvelope(200, 'User deactivated'))
  }

  async activate({ request, response, params, auth, bouncer }: HttpContext) {
    await bouncer.authorize('administer')
    await this.userAdministration.activate(auth.getUserOrFail(), params.userId, request.ip())
    return response.ok(successEnvelope(200, 'User activated'))
  }
}
