import vine from '@vinejs/vine'
import { POLICY_TYPES } from '#enums/policy_type'

/** `POST /policy-consent`: the policy consented to. */
export const createPolicyConsentValidator = vine.create({
  policyId: vine.string().trim().uuid(),
})

/** The `{policyType}` path parameter of `GET /policy-consents/{policyType}`. */
export const policyConsentTypeValidator = vine.create({
  policyType: vine.enum(POLICY_TYPES),
})
