import { arrayOf, objectOf, ref, type AreaPaths, type JsonSchema } from '#openapi/builders'
import {
  AccountDeactivated,
  InvalidToken,
  TokenExpired,
  TokenRevoked,
} from '#exceptions/account_errors'

const CHECK_NAMES = ['database', 'redis', 'migrations', 'disk', 'outbox', 'shutdown']
const CHECK_STATUS: JsonSchema = { type: 'string', enum: ['ok', 'warning', 'error'] }
const COUNT: JsonSchema = { type: 'integer', minimum: 0 }

/** The figures a check reports in the detailed report; each check has its own. */
const checkFigures = objectOf(
  {
    pending: {
      description: '`migrations`: the migrations not applied',
      ...arrayOf({ type: 'string' }),
    },
    path: { type: 'string', description: '`disk`: the folder of the SQLite file' },
    usedPercent: { type: 'integer', description: '`disk`: used space on its volume' },
    due: { ...COUNT, description: '`outbox`: due messages, counted up to `countLimit`' },
    failed: { ...COUNT, description: '`outbox`: FAILED messages, counted up to `countLimit`' },
    oldestDueSeconds: { ...COUNT, description: '`outbox`: how long the oldest due one waited' },
    countLimit: { ...COUNT, description: '`outbox`: the counts stop here' },
  },
  ['pending', 'path', 'usedPercent', 'due', 'failed', 'oldestDueSeconds', 'countLimit']
)

/** The readiness report: statuses for anyone, with messages and figures when detailed. */
function readinessSchema(status: 'ok' | 'unavailable'): JsonSchema {
  const statusSchema = {
    type: 'string',
    enum: status === 'ok' ? ['ok', 'degraded'] : ['unavailable'],
  }
  const name = { type: 'string', enum: CHECK_NAMES }
  const brief = objectOf({
    status: statusSchema,
    checks: arrayOf(objectOf({ name, status: CHECK_STATUS })),
  })
  const detailed = objectOf({
    status: statusSchema,
    checks: arrayOf(
      objectOf({ name, status: CHECK_STATUS, message: { type: 'string' }, meta: checkFigures }, [
        'meta',
      ])
    ),
    memory: objectOf({
      heapUsedBytes: COUNT,
      heapTotalBytes: COUNT,
      heapLimitBytes: COUNT,
      rssBytes: COUNT,
    }),
  })
  if (status === 'ok') return { oneOf: [brief, detailed] }
  // A token sent while the database is down cannot be checked: problem details, as elsewhere.
  return { oneOf: [brief, detailed, ref('ProblemDetails')] }
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
      summary: 'Readiness: database, Redis, migrations, disk and mail backlog',
      description:
        'For load balancers and operators. 503 with `status` `unavailable` only when the ' +
        'instance cannot serve: the database does not answer, migrations are not applied, or ' +
        'the instance is shutting down. Otherwise 200 with `status` `ok`, or `degraded` when ' +
        'it serves with a warning (Redis away, so limits are per instance; mail backlog or ' +
        'failed mail; the SQLite disk nearly full). Memory never changes the status.\n\n' +
        "Without a token each check gives its name and status only. An administrator's " +
        "token, or `HEALTH_DETAILS=true` for every caller, adds each check's message and " +
        "figures and the process's memory. A token that is sent is checked as on every " +
        'route: a refused one is answered 401 or 403, and while the database is down it ' +
        'cannot be checked, so the answer is a 503 problem (`SERVICE_UNAVAILABLE`).',
      tags: ['System'],
      style: 'plain',
      headers: [
        {
          name: 'Authorization',
          description: 'Optional: `Bearer <token>` of an administrator, for the figures',
        },
      ],
      errors: [InvalidToken, TokenExpired, TokenRevoked, AccountDeactivated],
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
