import { arrayOf, objectOf, type AreaPaths } from '#openapi/builders'

/** The readiness report. */
function readinessSchema(status: 'ok' | 'unavailable') {
  return objectOf({
    status: {
      type: 'string',
      enum: status === 'ok' ? ['ok', 'degraded'] : ['unavailable'],
    },
    checks: arrayOf(
      objectOf({
        name: {
          type: 'string',
          enum: ['database', 'redis', 'disk', 'memory', 'outbox', 'shutdown'],
        },
        status: { type: 'string', enum: ['ok', 'warning', 'error'] },
        message: { type: 'string' },
      })
    ),
  })
}

/** Health and documentation routes. */
export const systemPaths: AreaPaths = {
  '/health': {
    get: {
      operationId: 'health',
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
  '/health/ready': {
    get: {
      operationId: 'readiness',
      summary: 'Readiness: database, Redis, disk, memory and mail backlog',
      description:
        'For load balancers and operators. 200 with `status` `ok`, or `degraded` when the ' +
        'instance serves with a warning (Redis away, so limits are per instance; mail backlog or ' +
        'failed mail; disk or heap near its limit). 503 with `status` `unavailable` when the ' +
        'database does not answer, the disk or heap is past its limit, or the instance is ' +
        'shutting down. Each check is listed with its own status and a short message.',
      tags: ['System'],
      style: 'plain',
      responses: {
        200: { description: 'Ready (`ok` or `degraded`)', schema: readinessSchema('ok') },
        503: { description: 'Not ready', schema: readinessSchema('unavailable') },
      },
    },
  },
  '/openapi.json': {
    get: {
      operationId: 'openApiDocument',
      summary: 'This OpenAPI 3.1 document',
      tags: ['System'],
      style: 'plain',
      responses: { 200: { description: 'The document', schema: { type: 'object' } } },
    },
  },
  '/docs': {
    get: {
      operationId: 'apiDocsPage',
      summary: 'A browsable page rendering this document',
      tags: ['System'],
      style: 'plain',
      responses: { 200: { description: 'An HTML page' } },
    },
  },
}
