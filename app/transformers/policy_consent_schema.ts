import { instant, nullable, objectOf, uuid } from '#openapi/json_schema'
import { policyTypeSchema } from '#transformers/policy_schema'

/** The response schema of `PolicyConsentTransformer` (policy_consent_transformer.ts). */
export const policyConsentSchema = objectOf({
  id: uuid,
  userId: uuid,
  policyId: uuid,
  policyType: policyTypeSchema,
  policyVersion: { type: 'string' },
  consentedAt: instant,
  ipAddress: { type: 'string' },
  userAgent: nullable({ type: 'string', maxLength: 512 }),
})

/** The response schema of `ConsentStatusTransformer` (consent_status_transformer.ts). */
export const consentStatusSchema = objectOf({
  policyType: policyTypeSchema,
  hasConsented: { type: 'boolean' },
  currentPolicyId: nullable(uuid),
  currentVersion: nullable({ type: 'string' }),
  consentedPolicyId: nullable(uuid),
  consentedVersion: nullable({ type: 'string' }),
  consentedAt: nullable(instant),
})
