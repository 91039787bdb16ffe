/*
| JSON Schema pieces (2020-12, as OpenAPI 3.1 uses) that the transformers' response shapes
| (app/transformers/shape.ts) and the operations in app/openapi share.
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

/** Coupon bounds, in requests and responses: wall-clock time in the store's zone, no offset. */
export const localDateTime: JsonSchema = {
  type: 'string',
  pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}$',
  description: 'Wall-clock time in STORE_TIMEZONE, no zone; bounds are inclusive',
  examples: ['2026-12-31T23:59:59'],
}

/** A decimal amount of money (at most two places), never negative. */
export const amount = (description?: string): JsonSchema => ({
  type: 'number',
  minimum: 0,
  ...(description ? { description } : {}),
})

/** A variant's options, one value each: `{"Size": "M"}`; `{}` for a product without options. */
export const optionValuesSchema = {
  type: 'object',
  additionalProperties: { type: 'string' },
  description: 'One value of each of the product\u2019s options; {} for a product without options',
}
