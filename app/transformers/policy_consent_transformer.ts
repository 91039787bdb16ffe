import type PolicyConsent from '#models/policy_consent'
import ApiTransformer from '#transformers/api_transformer'

/** A consent record (docs/api/legal.md). */
export default class PolicyConsentTransformer extends ApiTransformer<PolicyConsent> {
  toObject() {
    const consent = this.resource
    return {
      id: consent.id,
      userId: consent.userId,
      policyId: consent.policyId,
      policyType: consent.policyType,
      policyVersion: consent.policyVersion,
      consentedAt: this.instant(consent.consentedAt),
      ipAddress: consent.ipAddress,
      userAgent: consent.userAgent,
    }
  }
}
