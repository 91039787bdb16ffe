/*
| Builds the OpenAPI operations. Request schemas come from the VineJS validators
| (`toJSONSchema()`), response schemas from the shapes the transformers write
| (app/transformers/shape.ts), and error responses from the exception definitions
| (app/exceptions): an operation names the errors it may raise and the builder writes their
| status, codes and wording, adding the ones every route of its kind shares.
*/
import { UUID_ROUTE_PARAMETERS } from '#support/uuid_route_parameters'
import { FRAMEWORK_ERROR_DEFINITIONS, type ErrorDefinition } from '#exceptions/describe_error'
import {
  AccountDeactivated,
  InvalidToken,
  TokenExpired,
  TokenRevoked,
} from '#exceptions/account_errors'
import {
  ApiKeyInvalid,
  ApiKeyNotAccepted,
  ApiKeyScopeMissing,
} from '#exceptions/integration_errors'
import type { ApiKeyScope } from '#enums/api_key_scope'
import { arrayOf, objectOf, ref, type JsonSchema } from '#openapi/json_schema'

export { arrayOf, objectOf, ref, type JsonSchema }

const known = FRAMEWORK_ERROR_DEFINITIONS

export interface OperationSpec {
  /** Unique in the document; the method name a generated client gives the operation. */
  operationId: string
  summary: string
  tags: string[]
  /** `bearer` for a JWT, `none` for public routes. */
  auth?: 'bearer' | 'none'
  /** Who may call it, written into the description; any role but "any …" implies FORBIDDEN. */
  roles?: string[]
  description?: string
  body?: JsonSchema
  /** The body's media type; JSON unless said (a file upload is `multipart/form-data`). */
  bodyType?: 'application/json' | 'multipart/form-data'
  query?: JsonSchema
  pathParams?: string[]
  headers?: Array<{ name: string; description: string; required?: boolean }>
  /** The success responses. */
  responses: Record<
    number,
    { description: string; schema?: JsonSchema; headers?: Record<string, string> }
  >
  /** The errors of this operation beyond those every route of its kind answers. */
  errors?: ErrorDefinition[]
  /** What the codes alone do not say, per error status. */
  errorNotes?: Record<number, string>
  /** `envelope` for account and policy routes, `problem` for `/api/v1`. */
  style: 'envelope' | 'problem' | 'plain'
  /** The API key scope that also admits a key (docs/api/integrations.md); none: no key. */
  apiKeyScope?: ApiKeyScope
}

/** The page shape of `/api/v1` lists. */
export function pageOf(item: JsonSchema): JsonSchema {
  return objectOf({
    items: arrayOf(item),
    total: { type: 'integer', minimum: 0 },
    limit: { type: 'integer', minimum: 1, maximum: 100 },
    offset: { type: 'integer', minimum: 0 },
  })
}

/** The success envelope (docs/api/accounts.md) around a payload schema. */
export function envelopeOf(data: JsonSchema): JsonSchema {
  return {
    type: 'object',
    properties: {
      isSuccess: { type: 'boolean', const: true },
      statusCode: ref('StatusCode'),
      data,
    },
    required: ['isSuccess', 'statusCode', 'data'],
    additionalProperties: false,
  }
}

/** The answer of a delete. */
export const deletedSchema = ref('Deleted')

/**
 * VineJS writes `additionalProperties: false` into its schemas, but the API ignores unknown
 * fields (docs/api/accounts.md); the document says what the API does.
 */
function acceptingUnknownFields(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(acceptingUnknownFields)
  if (!schema || typeof schema !== 'object') return schema
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([key, value]) => !(key === 'additionalProperties' && value === false))
      .map(([key, value]) => [key, acceptingUnknownFields(value)])
  )
}

/** Query parameters from a validator's JSON schema (an object schema). */
function queryParameters(schema: JsonSchema) {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>
  const required = new Set((schema.required ?? []) as string[])
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: 'query',
    required: required.has(name),
    schema: property,
  }))
}

/**
 * Path parameters the router matches only with a UUID (start/routes.ts): any other value matches
 * no route, so the operation also answers ROUTE_NOT_FOUND.
 */
const UUID_PARAMETERS = new Set(UUID_ROUTE_PARAMETERS)

const takesUuid = (spec: OperationSpec) =>
  (spec.pathParams ?? []).some((name) => UUID_PARAMETERS.has(name))

/** The errors an operation answers: its own, and those every route of its kind shares. */
function errorsOf(spec: OperationSpec): ErrorDefinition[] {
  const errors: ErrorDefinition[] = []
  if (spec.body || spec.query) errors.push(known.validationFailed)
  if (spec.body) errors.push(known.malformedBody, known.payloadTooLarge, known.unsupportedEncoding)
  if (spec.auth === 'bearer') {
    errors.push(known.unauthorized, InvalidToken, TokenExpired, TokenRevoked, AccountDeactivated)
    if (spec.roles?.some((role) => !role.startsWith('any '))) errors.push(known.forbidden)
    errors.push(...(spec.apiKeyScope ? [ApiKeyInvalid, ApiKeyScopeMissing] : [ApiKeyNotAccepted]))
  }
  errors.push(...(spec.errors ?? []))
  if (takesUuid(spec)) errors.push(known.routeNotFound)
  if (spec.style !== 'plain') errors.push(known.internal, known.serviceUnavailable)
  return errors
}

const RETRY_AFTER = { description: 'Seconds to wait', schema: { type: 'string' } }

/** One response per error status, listing its codes with their wording. */
function errorResponses(spec: OperationSpec) {
  const byStatus = new Map<number, Map<string, string>>()
  for (const error of errorsOf(spec)) {
    const codes = byStatus.get(error.status) ?? new Map<string, string>()
    codes.set(error.code, codes.get(error.code) ?? error.message)
    byStatus.set(error.status, codes)
  }
  const envelope = spec.style === 'envelope'
  const media = envelope ? 'application/json' : 'application/problem+json'
  const schema = ref(envelope ? 'ErrorEnvelope' : 'ProblemDetails')

  const responses: Record<string, unknown> = {}
  for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b)) {
    const listed = [...codes].map(([code, message]) => `\`${code}\`: ${message}`).join('; ')
    const note = spec.errorNotes?.[status]
    const headers: Record<string, unknown> = {
      'X-Request-Id': { $ref: '#/components/headers/RequestId' },
    }
    if (status === 429 || status === 503) headers['Retry-After'] = RETRY_AFTER
    responses[status] = {
      'description': note ? `${note}\n\n${listed}` : listed,
      headers,
      'content': { [media]: { schema } },
      'x-error-codes': [...codes.keys()],
    }
  }
  return responses
}

/** Turns an operation spec into an OpenAPI operation object. */
export function buildOperation(spec: OperationSpec) {
  const parameters: unknown[] = []
  for (const name of spec.pathParams ?? []) {
    const schema = UUID_PARAMETERS.has(name)
      ? { type: 'string', format: 'uuid' }
      : { type: 'string' }
    parameters.push({ name, in: 'path', required: true, schema })
  }
  if (spec.query)
    parameters.push(...queryParameters(acceptingUnknownFields(spec.query) as JsonSchema))
  for (const header of spec.headers ?? []) {
    parameters.push({
      name: header.name,
      in: 'header',
      required: header.required ?? false,
      description: header.description,
      schema: { type: 'string' },
    })
  }

  const responses: Record<string, unknown> = {}
  for (const [status, response] of Object.entries(spec.responses)) {
    const entry: Record<string, unknown> = { description: response.description }
    if (response.schema) entry.content = { 'application/json': { schema: response.schema } }
    if (response.headers) {
      entry.headers = Object.fromEntries(
        Object.entries(response.headers).map(([name, description]) => [
          name,
          { description, schema: { type: 'string' } },
        ])
      )
    }
    responses[status] = entry
  }
  Object.assign(responses, errorResponses(spec))

  const description = [
    spec.description,
    spec.roles ? `Roles: ${spec.roles.join(', ')}.` : undefined,
    spec.apiKeyScope ? `Also takes an API key with the scope \`${spec.apiKeyScope}\`.` : undefined,
  ]
    .filter(Boolean)
    .join('\n\n')

  return {
    operationId: spec.operationId,
    summary: spec.summary,
    ...(description ? { description } : {}),
    tags: spec.tags,
    security:
      spec.auth !== 'bearer'
        ? []
        : spec.apiKeyScope
          ? [{ bearerAuth: [] }, { apiKey: [] }]
          : [{ bearerAuth: [] }],
    ...(parameters.length ? { parameters } : {}),
    ...(spec.body
      ? {
          requestBody: {
            required: true,
            content:
              spec.bodyType === 'multipart/form-data'
                ? { 'multipart/form-data': { schema: spec.body } }
                : { 'application/json': { schema: acceptingUnknownFields(spec.body) } },
          },
        }
      : {}),
    responses,
  }
}

/** Paths of one area: `{ '/path/{id}': { get: OperationSpec } }`. */
export type AreaPaths = Record<
  string,
  Partial<Record<'get' | 'post' | 'put' | 'patch' | 'delete', OperationSpec>>
>
