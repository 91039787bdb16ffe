import {
  arrayOf,
  envelopeOf,
  objectOf,
  type AreaPaths,
  type JsonSchema,
  type OperationSpec,
} from '#openapi/builders'
import { POLICY_TYPES } from '#enums/policy_type'
import {
  createPolicyValidator,
  policyListValidator,
  updatePolicyValidator,
} from '#validators/policy'
import { createPolicyConsentValidator } from '#validators/policy_consent'

const instant: JsonSchema = { type: 'string', format: 'date-time' }
const nullable = (schema: JsonSchema): JsonSchema => ({ anyOf: [schema, { type: 'null' }] })
const policyType: JsonSchema = { type: 'string', enum: [...POLICY_TYPES] }

const policyFields: Record<string, JsonSchema> = {
  id: { type: 'string', format: 'uuid' },
  type: policyType,
  title: { type: 'string' },
  content: { type: 'string' },
  version: { type: 'string', examples: ['1.0', '2.1.3'] },
  effectiveDate: instant,
  isActive: { type: 'boolean' },
}

/** Create, update and deactivate answer without timestamps. */
const policy = objectOf(policyFields)

/** The list, by-type and by-id reads answer with them. */
const policyDetail = objectOf({ ...policyFields, createdAt: instant, updatedAt: instant })

const consent = objectOf({
  id: { type: 'string', format: 'uuid' },
  userId: { type: 'string', format: 'uuid' },
  policyId: { type: 'string', format: 'uuid' },
  policyType,
  policyVersion: { type: 'string' },
  consentedAt: instant,
  ipAddress: { type: 'string' },
  userAgent: nullable({ type: 'string', maxLength: 512 }),
})

const consentStatus = objectOf({
  policyType,
  hasConsented: { type: 'boolean' },
  currentPolicyId: nullable({ type: 'string', format: 'uuid' }),
  currentVersion: nullable({ type: 'string' }),
  consentedPolicyId: nullable({ type: 'string', format: 'uuid' }),
  consentedVersion: nullable({ type: 'string' }),
  consentedAt: nullable(instant),
})

/** The update body as documented: `type` is accepted by the schema only to be refused. */
function updateBody(): JsonSchema {
  const schema = structuredClone(updatePolicyValidator.toJSONSchema()) as JsonSchema
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>
  delete properties.type
  return { ...schema, properties }
}

const tags = ['Policies']
const admin = ['ADMIN', 'SUPER_ADMIN']
const noToken = { description: 'Missing, invalid, expired or revoked token (UNAUTHORIZED, ...)' }
const notAdmin = { description: 'Not an Admin or Super Admin (FORBIDDEN)' }
const invalid = { description: 'Invalid input (VALIDATION_FAILED, with `fields`)' }
const unknownPolicy = { description: 'Unknown policy or malformed id (POLICY_NOT_FOUND)' }

const adminOperation = (spec: Omit<OperationSpec, 'tags' | 'style' | 'auth' | 'roles'>) => ({
  ...spec,
  tags,
  style: 'envelope' as const,
  auth: 'bearer' as const,
  roles: admin,
})

/** Routes of the legal area. */
export const legalPaths: AreaPaths = {
  '/policy': {
    get: {
      summary: 'List every policy, newest first',
      description: '`active=true` keeps the active policies, `active=false` the inactive ones.',
      tags,
      style: 'envelope',
      auth: 'none',
      query: policyListValidator.toJSONSchema() as JsonSchema,
      responses: {
        200: { description: 'The policies', schema: envelopeOf(arrayOf(policyDetail)) },
        400: { description: 'Invalid or repeated `active` (VALIDATION_FAILED)' },
      },
    },
    post: adminOperation({
      summary: 'Publish a new policy version',
      description:
        'The version must not exist for the type yet (numerically: `1.0` equals `1`) and must be ' +
        'greater than every existing version of the type. `effectiveDate` needs a time zone and ' +
        'is stored in UTC; a future date schedules the policy.',
      body: createPolicyValidator.toJSONSchema() as JsonSchema,
      responses: {
        201: { description: 'The new policy', schema: envelopeOf(policy) },
        400: invalid,
        401: noToken,
        403: notAdmin,
        409: {
          description:
            'The version exists for this type (POLICY_VERSION_EXISTS) or is not above every ' +
            'existing version (POLICY_VERSION_CONFLICT)',
        },
      },
    }),
  },
  '/policy/{type}': {
    get: {
      summary: 'The policy of a type currently in force',
      description:
        'The active policy with the latest effective date not in the future; on a tie, the ' +
        'higher version.',
      tags,
      style: 'envelope',
      auth: 'none',
      pathParams: ['type'],
      responses: {
        200: { description: 'The current policy', schema: envelopeOf(policyDetail) },
        400: { description: 'Unknown type (VALIDATION_FAILED)' },
        404: { description: 'No policy of this type is in force (POLICY_NOT_FOUND)' },
      },
    },
  },
  // The interface gives `GET /policy/{type}` and `PUT /policy/{id}` the same shape; both are
  // listed under the names the routes use.
  '/policy/{id}': {
    put: adminOperation({
      summary: 'Change the given fields of a policy',
      description:
        '`type` cannot change (a body ' +
        'with `type` is a 400). Content and version are frozen once anyone has consented. A new ' +
        'version may not pass another version of the same type.',
      pathParams: ['id'],
      body: updateBody(),
      responses: {
        200: { description: 'The updated policy', schema: envelopeOf(policy) },
        400: invalid,
        401: noToken,
        403: notAdmin,
        404: unknownPolicy,
        409: {
          description:
            'Inactive (POLICY_INACTIVE), frozen by a consent (POLICY_LOCKED), or a version ' +
            'conflict (POLICY_VERSION_EXISTS, POLICY_VERSION_CONFLICT)',
        },
      },
    }),
  },
  '/policy/detail/{id}': {
    get: {
      summary: 'One policy by id, active or not',
      tags,
      style: 'envelope',
      auth: 'none',
      pathParams: ['id'],
      responses: {
        200: { description: 'The policy', schema: envelopeOf(policyDetail) },
        404: { description: 'Unknown policy (POLICY_NOT_FOUND) or malformed id (ROUTE_NOT_FOUND)' },
      },
    },
  },
  '/policy/deactivate/{id}': {
    post: adminOperation({
      summary: 'Deactivate a policy',
      description: 'The record is kept. Deactivating an inactive policy changes nothing (200).',
      pathParams: ['id'],
      responses: {
        200: { description: 'The policy, now inactive', schema: envelopeOf(policy) },
        401: noToken,
        403: notAdmin,
        404: { description: 'Unknown policy (POLICY_NOT_FOUND) or malformed id (ROUTE_NOT_FOUND)' },
      },
    }),
  },
  '/policy-consent': {
    post: {
      summary: "Record the caller's consent to a policy",
      description:
        'Any active policy may be consented to. The record keeps the version, the time, the ' +
        'client address and the user agent (cut to 512 characters). Consenting again to the ' +
        'same policy returns the existing record with 200.',
      tags,
      style: 'envelope',
      auth: 'bearer',
      roles: ['any signed-in user'],
      body: createPolicyConsentValidator.toJSONSchema() as JsonSchema,
      responses: {
        201: { description: 'The new record', schema: envelopeOf(consent) },
        200: { description: 'The existing record', schema: envelopeOf(consent) },
        400: invalid,
        401: noToken,
        404: unknownPolicy,
        409: { description: 'The policy is inactive (POLICY_INACTIVE)' },
      },
    },
  },
  '/policy-consents': {
    get: {
      summary: "The caller's consent records, newest first",
      tags,
      style: 'envelope',
      auth: 'bearer',
      roles: ['any signed-in user'],
      responses: {
        200: { description: 'The records', schema: envelopeOf(arrayOf(consent)) },
        401: noToken,
      },
    },
  },
  '/policy-consents/{policyType}': {
    get: {
      summary: 'Whether the caller consented to the current policy of a type',
      description:
        '`hasConsented` is true only for the policy currently in force; the `consented*` fields ' +
        "show that consent, or else the caller's latest consent to the type (null when none).",
      tags,
      style: 'envelope',
      auth: 'bearer',
      roles: ['any signed-in user'],
      pathParams: ['policyType'],
      responses: {
        200: { description: 'The consent status', schema: envelopeOf(consentStatus) },
        400: { description: 'Unknown type (VALIDATION_FAILED)' },
        401: noToken,
      },
    },
  },
}
