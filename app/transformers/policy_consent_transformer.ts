import type Policy from '#models/policy'
import type PolicyConsent from '#models/policy_consent'
import type { PolicyType } from '#enums/policy_type'
import { toIsoInstant } from '#transformers/policy_transformer'

/** A consent record (decisions.md section 3). */
export interface PolicyConsentJson {
  id: string
  userId: string
  policyId: string
  policyType: PolicyType
  policyVersion: string
  consentedAt: string
  ipAddress: string
  userAgent: string | null
}

/** The answer of `GET /policy-consents/{policyType}`. */
export interface ConsentStatusJson {
  policyType: PolicyType
  hasConsented: boolean
  currentPolicyId: string | null
  currentVersion: string | null
  consentedPolicyId: string | null
  consentedVersion: string | null
  consentedAt: string | null
}

/** One consent record. */
export function toPolicyConsentJson(consent: PolicyConsent): PolicyConsentJson {
  return {
    id: consent.id,
    userId: consent.userId,
    policyId: consent.policyId,
    policyType: consent.policyType,
    policyVersion: consent.policyVersion,
    consentedAt: toIsoInstant(consent.consentedAt),
    ipAddress: consent.ipAddress,
    userAgent: consent.userAgent,
  }
}

/** Whether the caller consented to the current policy of a type, and to which version last. */
export function toConsentStatusJson(status: {
  policyType: PolicyType
  hasConsented: boolean
  current: Policy | null
  consent: PolicyConsent | null
}): ConsentStatusJson {
  return {
    policyType: status.policyType,
    hasConsented: status.hasConsented,
    currentPolicyId: status.current?.id ?? null,
    currentVersion: status.current?.version ?? null,
    consentedPolicyId: status.consent?.policyId ?? null,
    consentedVersion: status.consent?.policyVersion ?? null,
    consentedAt: status.consent ? toIsoInstant(status.consent.consentedAt) : null,
  }
}
