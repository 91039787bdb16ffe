import { objectOf, type AreaPaths } from '#openapi/builders'

/** Health and documentation routes. */
export const systemPaths: AreaPaths = {
  '/health': {
    get: {
      summary: 'Liveness and database check',
      tags: ['System'],
      style: 'plain',
      responses: {
        200: {
          description: 'The database answers',
          schema: objectOf({ status: { type: 'string', const: 'ok' } }),
        },
        503: {
          description: 'The database does not answer',
          schema: objectOf({ status: { type: 'string' } }),
        },
      },
    },
  },
  '/openapi.json': {
    get: {
      summary: 'This OpenAPI 3.1 document',
      tags: ['System'],
      style: 'plain',
      responses: { 200: { description: 'The document', schema: { type: 'object' } } },
    },
  },
  '/docs': {
    get: {
      summary: 'A browsable page rendering this document',
      tags: ['System'],
      style: 'plain',
      responses: { 200: { description: 'An HTML page' } },
    },
  },
}
