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
      description:
        'Both types, newest first by creation time (on a tie, the higher version). ' +
        '`active=true` keeps the active policies, `active=false` the inactive ones. Not ' +
        'paginated: a deployment holds a handful of policies.',
      query: policyListValidator.toJSONSchema() as JsonSchema,
      responses: {
        200: { description: 'The policies', schema: envelopeOf(arrayOf(ref('PolicyDetail'))) },
      },
    },
    post: adminOperation({
      operationId: 'createPolicy',
      summary: 'Publish a new policy version',
      description:
        'The version must not exist for the type yet, inactive policies included, compared ' +
        'numerically (`1`, `1.0` and `1.0.0` are one version), and must be greater than every ' +
        'existing version of the type (`1.10` is above `1.9`). `effectiveDate` is an RFC 3339 ' +
        'date-time with seconds and a zone, UTC year 1970 to 9999, stored in UTC to the ' +
        'millisecond (further digits are dropped); a date without a zone, a date alone, an ' +
        'impossible date or a number is a 400. A past date is in force at once, a future one ' +
        'schedules the policy. The new policy is active.',
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
        '`typeOrId` is a policy type here (case-sensitive). The active policy with the latest ' +
        'effective date not in the future; on a tie, the higher version. It is computed at every ' +
        'read, so a scheduled version becomes current by itself when its date passes.',
      pathParams: ['typeOrId'],
      responses: { 200: { description: 'The current policy', schema: policyDetail } },
      errors: [known.validationFailed, PolicyNotFound],
      errorNotes: { 400: 'Unknown type.', 404: 'No policy of this type is in force.' },
    },
    put: adminOperation({
      operationId: 'updatePolicy',
      summary: 'Change the given fields of a policy',
      description:
        '`typeOrId` is a policy id here. Only the fields given change, and a field sent with its ' +
        'current value is not a change; an empty body answers the policy unchanged. `type` ' +
        'cannot change: a body with `type`, whatever its value (even null or the current type), ' +
        'is a 400 naming it, and so is any field sent as null. Content and version are frozen ' +
        'once anyone has consented (title and effective date stay editable). A new version may ' +
        'not pass another version of the same type.',
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
      errorNotes: {
        404: 'Unknown policy or malformed id.',
        409:
          'POLICY_INACTIVE: the policy is deactivated. POLICY_LOCKED: `content` or `version` ' +
          'would change after anyone consented. POLICY_VERSION_EXISTS: another policy of the ' +
          'type has the new version. POLICY_VERSION_CONFLICT: the new version would pass another ' +
          'version of the type.',
      },
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
      description:
        'The record is kept. Deactivating an inactive policy changes nothing (200). There is no ' +
        'way back to active: publish a new version instead.',
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
        'The caller consents for themselves. Any active policy may be consented to, a scheduled ' +
        'one included. The record keeps the version, the time, the client address as the server ' +
        'sees it (behind a trusted proxy, the forwarded one) and the `User-Agent` header cut to ' +
        '512 characters (null when absent). Consenting again to the same policy returns the ' +
        'existing record, unchanged, with 200, also when two requests race. Records are never ' +
        'edited or deleted.',
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
      description: 'Only the caller’s own, newest first by `consentedAt`.',
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
