import type PolicyConsent from '#models/policy_consent'
import { nullable, uuid } from '#openapi/json_schema'
import ApiTransformer from '#transformers/api_transformer'
import { field, instantField, shapeOf } from '#transformers/shape'
import { policyTypeSchema } from '#transformers/policy_transformer'

/** A consent record (docs/api/legal.md). */
export default class PolicyConsentTransformer extends ApiTransformer<PolicyConsent> {
  static readonly shape = shapeOf<PolicyConsent>()({
    id: field(uuid, (consent) => consent.id),
    userId: field(uuid, (consent) => consent.userId),
    policyId: field(uuid, (consent) => consent.policyId),
    policyType: field(policyTypeSchema, (consent) => consent.policyType),
    policyVersion: field({ type: 'string' }, (consent) => consent.policyVersion),
    consentedAt: instantField((consent) => consent.consentedAt),
    ipAddress: field({ type: 'string' }, (consent) => consent.ipAddress),
    userAgent: field(nullable({ type: 'string', maxLength: 512 }), (consent) => consent.userAgent),
  })

  toObject() {
    return PolicyConsentTransformer.shape.write(this.resource)
  }
}
