import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { PolicyConsentService } from '#services/legal/policy_consent_service'
import {
  createPolicyConsentValidator,
  policyConsentTypeValidator,
} from '#validators/policy_consent'
import PolicyConsentTransformer from '#transformers/policy_consent_transformer'
import ConsentStatusTransformer from '#transformers/consent_status_transformer'
import { sendEnvelope } from '#http/envelope'

/** A signed-in user's consents to policies; any user type may consent. */
@inject()
export default class PolicyConsentsController {
  constructor(protected consents: PolicyConsentService) {}

  /** POST /policy-consent: 201 with a new record, 200 with the existing one on a repeat. */
  async store({ actor, request, response }: HttpContext) {
    const { policyId } = await request.validateUsing(createPolicyConsentValidator)
    const { consent, created } = await this.consents.consent(actor, {
      policyId,
      userAgent: request.header('user-agent'),
    })
    return sendEnvelope(response, PolicyConsentTransformer.transform(consent), created ? 201 : 200)
  }

  /** GET /policy-consents: the caller's records, newest first. */
  async index({ actor, response }: HttpContext) {
    const consents = await this.consents.list(actor)
    return sendEnvelope(response, PolicyConsentTransformer.transform(consents))
  }

  /** GET /policy-consents/{policyType}: whether the caller consented to the current version. */
  async show({ actor, request, response }: HttpContext) {
    const { policyType } = await request.validateUsing(policyConsentTypeValidator, {
      data: request.params(),
    })
    const status = await this.consents.status(actor, policyType)
    return sendEnvelope(response, ConsentStatusTransformer.transform(status))
  }
}
