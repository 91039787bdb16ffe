import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import PrivacyPolicy from '#policies/privacy_policy'
import { eraseOwnAccountValidator } from '#validators/privacy'
import { AccountErasureService } from '#services/privacy/account_erasure_service'
import { sendEnvelope } from '#http/envelope'

/** DELETE /auth/me: the token's account erases itself (docs/api/privacy.md). */
@inject()
export default class AccountErasureController {
  constructor(protected erasures: AccountErasureService) {}

  async destroy({ actor, bouncer, request, response }: HttpContext) {
    await bouncer.with(PrivacyPolicy).authorize('own')
    const { password } = await request.validateUsing(eraseOwnAccountValidator, {
      data: request.body(),
    })
    await this.erasures.eraseOwn(actor, password)
    return sendEnvelope(response, 'Your account has been erased.')
  }
}
