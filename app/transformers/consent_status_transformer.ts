import type { ConsentStatus } from '#services/legal/policy_consent_service'
import ApiTransformer from '#transformers/api_transformer'

/** Whether the caller consented to the current policy of a type, and to which version last. */
export default class ConsentStatusTransformer extends ApiTransformer<ConsentStatus> {
  toObject() {
    const { policyType, hasConsented, current, consent } = this.resource
    return {
      policyType,
      hasConsented,
      currentPolicyId: current?.id ?? null,
      currentVersion: current?.version ?? null,
      consentedPolicyId: consent?.policyId ?? null,
      consentedVersion: consent?.policyVersion ?? null,
      consentedAt: consent ? this.instant(consent.consentedAt) : null,
    }
  }
}
