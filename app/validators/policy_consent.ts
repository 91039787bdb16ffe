import vine from '@vinejs/vine'
import { POLICY_TYPES } from '#enums/policy_type'
import { uuidField } from '#validators/uuid'

/** `POST /policy-consent`: the policy consented to. */
export const createPolicyConsentValidator = vine.create({
  policyId: uuidField(),
})

/** The `{policyType}` path parameter of `GET /policy-consents/{policyType}`. */
export const policyConsentTypeValidator = vine.create({
  policyType: vine.enum(POLICY_TYPES),
})
