import type { ConsentStatus } from '#services/legal/policy_consent_service'
import { nullable, uuid } from '#openapi/json_schema'
import ApiTransformer from '#transformers/api_transformer'
import { field, nullableInstantField, shapeOf } from '#transformers/shape'
import { policyTypeSchema } from '#transformers/policy_transformer'

/** Whether the caller consented to the current policy of a type, and to which version last. */
export default class ConsentStatusTransformer extends ApiTransformer<ConsentStatus> {
  static readonly shape = shapeOf<ConsentStatus>()({
    policyType: field(policyTypeSchema, 'policyType'),
    hasConsented: field({ type: 'boolean' }, 'hasConsented'),
    currentPolicyId: field(nullable(uuid), (status) => status.current?.id ?? null),
    currentVersion: field(
      nullable({ type: 'string' }),
      (status) => status.current?.version ?? null
    ),
    consentedPolicyId: field(nullable(uuid), (status) => status.consent?.policyId ?? null),
    consentedVersion: field(
      nullable({ type: 'string' }),
      (status) => status.consent?.policyVersion ?? null
    ),
    consentedAt: nullableInstantField((status) => status.consent?.consentedAt ?? null),
  })

  toObject() {
    return ConsentStatusTransformer.shape.write(this.resource)
  }
}
