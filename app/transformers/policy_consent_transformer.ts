import type PolicyConsent from '#models/policy_consent'
import { nullable, uuid } from '#openapi/json_schema'
import ApiTransformer from '#transformers/api_transformer'
import { field, instantField, shapeOf } from '#transformers/shape'
import { policyTypeSchema } from '#transformers/policy_transformer'

/** A consent record (docs/api/legal.md). */
export default class PolicyConsentTransformer extends ApiTransformer<PolicyConsent> {
  static readonly shape = shapeOf<PolicyConsent>()({
    id: field(uuid, 'id'),
    userId: field(uuid, 'userId'),
    policyId: field(uuid, 'policyId'),
    policyType: field(policyTypeSchema, 'policyType'),
    policyVersion: field({ type: 'string' }, 'policyVersion'),
    consentedAt: instantField('consentedAt'),
    ipAddress: field({ type: 'string' }, 'ipAddress'),
    userAgent: field(nullable({ type: 'string', maxLength: 512 }), 'userAgent'),
  })

  toObject() {
    return PolicyConsentTransformer.shape.write(this.resource)
  }
}
