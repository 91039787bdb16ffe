import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { PolicyConsentService } from '#services/legal/policy_consent_service'
import {
  createPolicyConsentValidator,
  policyConsentTypeValidator,
} from '#validators/policy_consent'
import { toConsentStatusJson, toPolicyConsentJson } from '#transformers/policy_consent_transformer'
import { successEnvelope } from '#transformers/envelope'

/** A signed-in user's consents to policies; any user type may consent. */
@inject()
export default class PolicyConsentsController {
  constructor(protected consents: PolicyConsentService) {}

  /** POST /policy-consent: 201 with a new record, 200 with the existing one on a repeat. */
  async store({ request, response, auth }: HttpContext) {
    const { policyId } = await request.validateUsing(createPolicyConsentValidator)
    const { consent, created } = await this.consents.consent(auth.getUserOrFail(), {
      policyId,
      ipAddress: request.ip(),
      userAgent: request.header('user-agent'),
    })
    const status = created ? 201 : 200
    return response.status(status).send(successEnvelope(status, toPolicyConsentJson(consent)))
  }

  /** GET /policy-consents: the caller's records, newest first. */
  async index({ auth }: HttpContext) {
    const consents = await this.consents.list(auth.getUserOrFail())
    return successEnvelope(200, consents.map(toPolicyConsentJson))
  }

  /** GET /policy-consents/{policyType}: whether the caller consented to the current version. */
  async show({ params, auth }: HttpContext) {
    const { policyType } = await policyConsentTypeValidator.validate(params)
    const status = await this.consents.status(auth.getUserOrFail(), policyType)
    return successEnvelope(200, toConsentStatusJson(status))
  }
}
