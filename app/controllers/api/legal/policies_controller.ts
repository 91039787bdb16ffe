import type { HttpContext } from '@adonisjs/core/http'
import { PolicyService } from '#services/legal/policy_service'
import {
  createPolicyValidator,
  policyListValidator,
  policyTypeValidator,
  updatePolicyValidator,
} from '#validators/policy'
import { toPolicyDetailJson, toPolicyJson } from '#transformers/policy_transformer'
import { successEnvelope } from '#transformers/envelope'

/** Legal policies: three public reads, and create, update and deactivate for administrators. */
export default class PoliciesController {
  #policies = new PolicyService()

  /** GET /policy: every policy, newest first; `?active=` filters. */
  async index({ request }: HttpContext) {
    const { active } = await request.validateUsing(policyListValidator)
    const policies = await this.#policies.list({ active })
    return successEnvelope(200, policies.map(toPolicyDetailJson))
  }

  /** GET /policy/{type}: the policy of that type currently in force. */
  async current({ params }: HttpContext) {
    const { type } = await policyTypeValidator.validate(params)
    return successEnvelope(200, toPolicyDetailJson(await this.#policies.current(type)))
  }

  /** GET /policy/detail/{id}: one policy, active or not. */
  async show({ params }: HttpContext) {
    return successEnvelope(200, toPolicyDetailJson(await this.#policies.find(params.id)))
  }

  /** POST /policy: publishes a new version. */
  async store({ request, response, auth, bouncer }: HttpContext) {
    await bouncer.authorize('administer')
    const input = await request.validateUsing(createPolicyValidator)
    const policy = await this.#policies.create(auth.getUserOrFail(), input)
    return response.status(201).send(successEnvelope(201, toPolicyJson(policy)))
  }

  /** PUT /policy/{id}: changes the given fields. */
  async update({ params, request, auth, bouncer }: HttpContext) {
    await bouncer.authorize('administer')
    const changes = await request.validateUsing(updatePolicyValidator)
    const policy = await this.#policies.update(auth.getUserOrFail(), params.id, changes)
    return successEnvelope(200, toPolicyJson(policy))
  }

  /** POST /policy/deactivate/{id}: keeps the record, marks it inactive. */
  async deactivate({ params, auth, bouncer }: HttpContext) {
    await bouncer.authorize('administer')
    const policy = await this.#policies.deactivate(auth.getUserOrFail(), params.id)
    return successEnvelope(200, toPolicyJson(policy))
  }
}
