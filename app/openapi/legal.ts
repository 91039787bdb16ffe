import {
  arrayOf,
  envelopeOf,
  ref,
  type AreaPaths,
  type JsonSchema,
  type OperationSpec,
} from '#openapi/builders'
import { ADMIN_ROLES, bearer } from '#openapi/audience'
import {
  createPolicyValidator,
  policyListValidator,
  updatePolicyValidator,
} from '#validators/policy'
import { createPolicyConsentValidator } from '#validators/policy_consent'
import { FRAMEWORK_ERROR_DEFINITIONS as known } from '#exceptions/describe_error'
import {
  PolicyInactive,
  PolicyLocked,
  PolicyNotFound,
  PolicyVersionConflict,
  PolicyVersionExists,
} from '#exceptions/legal_errors'

/** The update body as documented: `type` is accepted by the schema only to be refused. */
function updateBody(): JsonSchema {
  const schema = structuredClone(updatePolicyValidator.toJSONSchema()) as JsonSchema
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>
  delete properties.type
  return { ...schema, properties }
}

const tags = ['Policies']
const policy = envelopeOf(ref('Policy'))
const policyDetail = envelopeOf(ref('PolicyDetail'))
const consent = envelopeOf(ref('PolicyConsent'))

const publicRead = { tags, style: 'envelope' as const, auth: 'none' as const }
const signedIn = bearer('Policies', ['any signed-in user'], 'envelope')
const adminOperation = (spec: Omit<OperationSpec, 'tags' | 'style' | 'auth' | 'roles'>) => ({
  ...spec,
  ...bearer('Policies', ADMIN_ROLES, 'envelope'),
})

/** Routes of the legal area. */
export const legalPaths: AreaPaths = {
  '/policy': {
    get: {
      ...publicRead,
      operationId: 'listPolicies',
      summary: 'List every policy, newest first',
      description: '`active=true` keeps the active policies, `active=false` the inactive ones.',
      query: policyListValidator.toJSONSchema() as JsonSchema,
      responses: {
        200: { description: 'The policies', schema: envelopeOf(arrayOf(ref('PolicyDetail'))) },
      },
    },
    post: adminOperation({
      operationId: 'createPolicy',
      summary: 'Publish a new policy version',
      description:
        'The version must not exist for the type yet (numerically: `1.0` equals `1`) and must be ' +
        'greater than every existing version of the type. `effectiveDate` needs a time zone and ' +
        'is stored in UTC; a future date schedules the policy.',
      body: createPolicyValidator.toJSONSchema() as JsonSchema,
      responses: { 201: { description: 'The new policy', schema: policy } },
      errors: [PolicyVersionExists, PolicyVersionConflict],
    }),
  },
  // One template for two routes: the segment is a policy type for GET and a policy id for PUT.
  '/policy/{typeOrId}': {
    get: {
      ...publicRead,
      operationId: 'getCurrentPolicy',
      summary: 'The policy of a type currently in force',
      description:
        '`typeOrId` is a policy type here. The active policy with the latest effective date not ' +
        'in the future; on a tie, the higher version.',
      pathParams: ['typeOrId'],
      responses: { 200: { description: 'The current policy', schema: policyDetail } },
      errors: [known.validationFailed, PolicyNotFound],
      errorNotes: { 400: 'Unknown type.', 404: 'No policy of this type is in force.' },
    },
    put: adminOperation({
      operationId: 'updatePolicy',
      summary: 'Change the given fields of a policy',
      description:
        '`typeOrId` is a policy id here. `type` cannot change (a body with `type` is a 400). ' +
        'Content and version are frozen once anyone has consented. A new version may not pass ' +
        'another version of the same type.',
      pathParams: ['typeOrId'],
      body: updateBody(),
      responses: { 200: { description: 'The updated policy', schema: policy } },
      errors: [
        PolicyNotFound,
        PolicyInactive,
        PolicyLocked,
        PolicyVersionExists,
        PolicyVersionConflict,
      ],
      errorNotes: { 404: 'Unknown policy or malformed id.' },
    }),
  },
  '/policy/detail/{id}': {
    get: {
      ...publicRead,
      operationId: 'getPolicy',
      summary: 'One policy by id, active or not',
      pathParams: ['id'],
      responses: { 200: { description: 'The policy', schema: policyDetail } },
      errors: [PolicyNotFound],
    },
  },
  '/policy/deactivate/{id}': {
    post: adminOperation({
      operationId: 'deactivatePolicy',
      summary: 'Deactivate a policy',
      description: 'The record is kept. Deactivating an inactive policy changes nothing (200).',
      pathParams: ['id'],
      responses: { 200: { description: 'The policy, now inactive', schema: policy } },
      errors: [PolicyNotFound],
    }),
  },
  '/policy-consent': {
    post: {
      ...signedIn,
      operationId: 'consentToPolicy',
      summary: "Record the caller's consent to a policy",
      description:
        'Any active policy may be consented to. The record keeps the version, the time, the ' +
        'client address and the user agent (cut to 512 characters). Consenting again to the ' +
        'same policy returns the existing record with 200.',
      body: createPolicyConsentValidator.toJSONSchema() as JsonSchema,
      responses: {
        200: { description: 'The existing record', schema: consent },
        201: { description: 'The new record', schema: consent },
      },
      errors: [PolicyNotFound, PolicyInactive],
    },
  },
  '/policy-consents': {
    get: {
      ...signedIn,
      operationId: 'listMyConsents',
      summary: "The caller's consent records, newest first",
      responses: {
        200: { description: 'The records', schema: envelopeOf(arrayOf(ref('PolicyConsent'))) },
      },
    },
  },
  '/policy-consents/{policyType}': {
    get: {
      ...signedIn,
      operationId: 'getMyConsentStatus',
      summary: 'Whether the caller consented to the current policy of a type',
      description:
        '`hasConsented` is true only for the policy currently in force; the `consented*` fields ' +
        "show that consent, or else the caller's latest consent to the type (null when none).",
      pathParams: ['policyType'],
      responses: {
        200: { description: 'The consent status', schema: envelopeOf(ref('ConsentStatus')) },
      },
      errors: [known.validationFailed],
      errorNotes: { 400: 'Unknown type.' },
    },
  },
}
