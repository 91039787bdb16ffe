import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { PolicyService } from '#services/legal/policy_service'
import {
  createPolicyValidator,
  policyListValidator,
  policyTypeValidator,
  updatePolicyValidator,
} from '#validators/policy'
import PolicyTransformer from '#transformers/policy_transformer'
import { sendEnvelope } from '#http/envelope'
import LegalDocumentPolicy from '#policies/legal_document_policy'

/** Legal policies: three public reads, and create, update and deactivate for administrators. */
@inject()
export default class PoliciesController {
  constructor(protected policies: PolicyService) {}

  /** GET /policy: every policy, newest first; `?active=` filters. */
  async index({ request, response }: HttpContext) {
    const { active } = await request.validateUsing(policyListValidator)
    const policies = await this.policies.list({ active })
    return sendEnvelope(
      response,
      PolicyTransformer.transform(policies).useVariant('withTimestamps')
    )
  }

  /** GET /policy/{type}: the policy of that type currently in force. */
  async current({ request, response }: HttpContext) {
    const { type } = await request.validateUsing(policyTypeValidator, { data: request.params() })
    const policy = await this.policies.current(type)
    return sendEnvelope(response, PolicyTransformer.transform(policy).useVariant('withTimestamps'))
  }

  /** GET /policy/detail/{id}: one policy, active or not. */
  async show({ params, response }: HttpContext) {
    const policy = await this.policies.find(params.id)
    return sendEnvelope(response, PolicyTransformer.transform(policy).useVariant('withTimestamps'))
  }

  /** POST /policy: publishes a new version. */
  async store({ actor, request, response, bouncer }: HttpContext) {
    await bouncer.with(LegalDocumentPolicy).authorize('create')
    const input = await request.validateUsing(createPolicyValidator)
    const policy = await this.policies.create(actor, input)
    return sendEnvelope(response, PolicyTransformer.transform(policy), 201)
  }

  /** PUT /policy/{id}: changes the given fields. */
  async update({ actor, params, request, response, bouncer }: HttpContext) {
    await bouncer.with(LegalDocumentPolicy).authorize('update')
    const changes = await request.validateUsing(updatePolicyValidator)
    const policy = await this.policies.update(actor, params.id, changes)
    return sendEnvelope(response, PolicyTransformer.transform(policy))
  }

  /** POST /policy/deactivate/{id}: keeps the record, marks it inactive. */
  async deactivate({ actor, params, response, bouncer }: HttpContext) {
    await bouncer.with(LegalDocumentPolicy).authorize('deactivate')
    const policy = await this.policies.deactivate(actor, params.id)
    return sendEnvelope(response, PolicyTransformer.transform(policy))
  }
}
