import { objectOf, type JsonSchema } from '#openapi/builders'

const fieldMessages: JsonSchema = {
  type: 'array',
  items: objectOf({ field: { type: 'string' }, message: { type: 'string' } }),
}

const requestId: JsonSchema = {
  type: 'string',
  description: 'The request id, as in the X-Request-Id response header and the log lines',
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
        {
          code: { type: 'string' },
          message: { type: 'string' },
          fields: fieldMessages,
          requestId,
        },
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
      requestId,
    },
    ['errors']
  ),
}

/** Response headers shared by every area. */
export const sharedHeaders: Record<string, unknown> = {
  RequestId: {
    description:
      'The request id: generated, or the X-Request-Id the client sent; on every log line of the request and in the requestId of an error body',
    schema: { type: 'string' },
  },
}
