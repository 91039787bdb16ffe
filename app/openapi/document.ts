import { buildOperation, type AreaPaths } from '#openapi/builders'
import { sharedHeaders, sharedSchemas } from '#openapi/components'
import { systemPaths } from '#openapi/system'
import { accountsPaths } from '#openapi/accounts'
import { legalPaths } from '#openapi/legal'
import { catalogPaths } from '#openapi/catalog'
import { cartPaths } from '#openapi/cart'
import { couponsPaths } from '#openapi/coupons'
import { checkoutPaths } from '#openapi/checkout'
import { ordersPaths } from '#openapi/orders'
import { returnsPaths } from '#openapi/returns'
import { paymentsPaths } from '#openapi/payments'
import { ledgerPaths } from '#openapi/ledger'
import { auditPaths } from '#openapi/audit'
import { integrationsPaths } from '#openapi/integrations'
import { privacyPaths } from '#openapi/privacy'

const AREAS: AreaPaths[] = [
  systemPaths,
  accountsPaths,
  legalPaths,
  catalogPaths,
  cartPaths,
  couponsPaths,
  checkoutPaths,
  ordersPaths,
  returnsPaths,
  paymentsPaths,
  ledgerPaths,
  auditPaths,
  integrationsPaths,
  privacyPaths,
]

let cached: Record<string, unknown> | undefined

/** The OpenAPI 3.1 document of every route, built once per process. */
export function openApiDocument(): Record<string, unknown> {
  if (cached) return cached
  const paths: Record<string, Record<string, unknown>> = {}
  const operationIds = new Set<string>()
  for (const area of AREAS) {
    for (const [path, operations] of Object.entries(area)) {
      paths[path] ??= {}
      for (const [method, spec] of Object.entries(operations)) {
        if (!spec) continue
        // A generated client names its methods after them, so two alike would collide there.
        if (operationIds.has(spec.operationId)) {
          throw new Error(`OpenAPI: operationId ${spec.operationId} is used twice`)
        }
        operationIds.add(spec.operationId)
        paths[path][method] = buildOperation(spec)
      }
    }
  }
  cached = {
    openapi: '3.1.0',
    info: {
      title: 'Multi-vendor commerce back end',
      version: '1.0.0',
      license: { name: 'MIT', identifier: 'MIT' },
      description:
        'Accounts and policies answer with the envelope `{isSuccess, statusCode, data, error}`; ' +
        '`/api/v1` routes answer with bare JSON and RFC 9457 problem details on error. ' +
        'Every error body carries `requestId`, the X-Request-Id of the response. ' +
        'Money is a decimal number with at most two places. A request body may be at most 1 MiB ' +
        '(413 PAYLOAD_TOO_LARGE) and nest at most 64 levels (400 MALFORMED_BODY). ' +
        'Any route that needs the database answers 503 `SERVICE_UNAVAILABLE` with `Retry-After` ' +
        'while the database cannot be reached (in the style of its path).',
    },
    servers: [{ url: '/' }],
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          description:
            'An API key (`sk_live_…`, docs/api/integrations.md), on the admin routes that name a scope',
        },
      },
      schemas: sharedSchemas,
      headers: sharedHeaders,
    },
    paths,
  }
  return cached
}
