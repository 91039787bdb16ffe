/*
| Small builders for the OpenAPI 3.1 document, so each area describes its routes in a few lines.
| Request schemas come from the VineJS validators themselves (`toJSONSchema()`), so the document
| cannot drift from what the API accepts.
*/

export type JsonSchema = Record<string, unknown>

export interface OperationSpec {
  summary: string
  tags: string[]
  /** `bearer` for a JWT, `none` for public routes. */
  auth?: 'bearer' | 'none'
  /** Who may call it, written into the description. */
  roles?: string[]
  description?: string
  body?: JsonSchema
  query?: JsonSchema
  pathParams?: string[]
  headers?: Array<{ name: string; description: string; required?: boolean }>
  responses: Record<
    number,
    { description: string; schema?: JsonSchema; headers?: Record<string, string> }
  >
  /** `envelope` for account and policy routes, `problem` for `/api/v1`. */
  style: 'envelope' | 'problem' | 'plain'
}

/** A `$ref` to a component schema. */
export const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` })

/** An array of `items`. */
export const arrayOf = (items: JsonSchema): JsonSchema => ({ type: 'array', items })

/** An object with the given properties, all required unless listed in `optional`. */
export function objectOf(
  properties: Record<string, JsonSchema>,
  optional: string[] = []
): JsonSchema {
  return {
    type: 'object',
    properties,
    required: Object.keys(properties).filter((name) => !optional.includes(name)),
  }
}

/** The success envelope of interface section 2.1 around a payload schema. */
export function envelopeOf(data: JsonSchema): JsonSchema {
  return {
    type: 'object',
    properties: {
      isSuccess: { type: 'boolean', const: true },
      statusCode: ref('StatusCode'),
      data,
    },
    required: ['isSuccess', 'statusCode', 'data'],
  }
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

/**
 * VineJS writes `additionalProperties: false` into its schemas, but the API ignores unknown
 * fields (decisions.md section 1); the document says what the API does.
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

/** Turns an operation spec into an OpenAPI operation object. */
export function buildOperation(spec: OperationSpec) {
  const parameters: unknown[] = []
  for (const name of spec.pathParams ?? []) {
    parameters.push({ name, in: 'path', required: true, schema: { type: 'string' } })
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

  const errorSchema = spec.style === 'envelope' ? ref('ErrorEnvelope') : ref('ProblemDetails')
  const errorMedia = spec.style === 'envelope' ? 'application/json' : 'application/problem+json'

  const responses: Record<string, unknown> = {}
  for (const [status, response] of Object.entries(spec.responses)) {
    const isError = Number(status) >= 400
    const schema = isError ? (response.schema ?? errorSchema) : response.schema
    const entry: Record<string, unknown> = { description: response.description }
    if (schema) entry.content = { [isError ? errorMedia : 'application/json']: { schema } }
    const headers: Record<string, unknown> = Object.fromEntries(
      Object.entries(response.headers ?? {}).map(([name, description]) => [
        name,
        { description, schema: { type: 'string' } },
      ])
    )
    // Every response carries it; on an error it is the id the body's requestId repeats.
    if (isError) headers['X-Request-Id'] = { $ref: '#/components/headers/RequestId' }
    if (Object.keys(headers).length) entry.headers = headers
    responses[status] = entry
  }

  const description = [
    spec.description,
    spec.roles ? `Roles: ${spec.roles.join(', ')}.` : undefined,
  ]
    .filter(Boolean)
    .join('\n\n')

  return {
    summary: spec.summary,
    ...(description ? { description } : {}),
    tags: spec.tags,
    security: spec.auth === 'bearer' ? [{ bearerAuth: [] }] : [],
    ...(parameters.length ? { parameters } : {}),
    ...(spec.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: acceptingUnknownFields(spec.body) } },
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
