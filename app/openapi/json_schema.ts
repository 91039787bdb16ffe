/*
| JSON Schema pieces (2020-12, as OpenAPI 3.1 uses) that the response schemas beside the
| transformers (app/transformers/*_schema.ts) and the operations in app/openapi share.
*/

export type JsonSchema = Record<string, unknown>

/** A `$ref` to a component schema of the document. */
export const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` })

/** An array of `items`. */
export const arrayOf = (items: JsonSchema): JsonSchema => ({ type: 'array', items })

/** `schema` or `null`. */
export const nullable = (schema: JsonSchema): JsonSchema => ({ anyOf: [schema, { type: 'null' }] })

/**
 * An object with the given properties, all required unless listed in `optional`. Responses carry
 * exactly these fields, so any other is refused: a transformer that adds one must say so here.
 */
export function objectOf(
  properties: Record<string, JsonSchema>,
  optional: string[] = []
): JsonSchema {
  return {
    type: 'object',
    properties,
    required: Object.keys(properties).filter((name) => !optional.includes(name)),
    additionalProperties: false,
  }
}

export const uuid: JsonSchema = { type: 'string', format: 'uuid' }

/** An instant as every response writes it: ISO 8601 in UTC. */
export const instant: JsonSchema = { type: 'string', format: 'date-time' }

export const nullableString: JsonSchema = { type: ['string', 'null'] }

/** A decimal amount of money (at most two places), never negative. */
export const amount = (description?: string): JsonSchema => ({
  type: 'number',
  minimum: 0,
  ...(description ? { description } : {}),
})
