import { objectOf, type JsonSchema } from '#openapi/builders'

const fieldMessages: JsonSchema = {
  type: 'array',
  items: objectOf({ field: { type: 'string' }, message: { type: 'string' } }),
}

/** Schemas shared by every area. */
export const sharedSchemas: Record<string, JsonSchema> = {
  StatusCode: objectOf({ value: { type: 'integer' }, description: { type: 'string' } }),
  ErrorEnvelope: {
    type: 'object',
    properties: {
      isSuccess: { type: 'boolean', const: false },
      statusCode: { $ref: '#/components/schemas/StatusCode' },
      data: { type: 'null' },
      error: objectOf(
        { code: { type: 'string' }, message: { type: 'string' }, fields: fieldMessages },
        ['fields']
      ),
    },
    required: ['isSuccess', 'statusCode', 'data', 'error'],
  },
  ProblemDetails: objectOf(
    {
      type: { type: 'string' },
      title: { type: 'string' },
      status: { type: 'integer' },
      code: { type: 'string' },
      detail: { type: 'string' },
      errors: fieldMessages,
    },
    ['errors']
  ),
}
