import { test } from '@japa/runner'
import type { ApiResponse } from '@japa/api-client'
import { assertMatchesContract } from '#tests/helpers/contract'
import router from '@adonisjs/core/services/router'
import { ProductNotFound, ShopNotFound, SkuExists } from '#exceptions/catalog_errors'
import CouponTransformer from '#transformers/coupon_transformer'
import OrderTransformer from '#transformers/order_transformer'

/**
 * `/policy/:id` → `/policy/{}`: parameter names aside, as OpenAPI compares templates (two routes
 * whose patterns differ only by a parameter's name share one path in the document).
 */
const routeTemplate = (pattern: string) => pattern.replace(/:([A-Za-z0-9_]+)\??/g, '{}')
const documentTemplate = (path: string) => path.replace(/\{[^}]+\}/g, '{}')

test.group('GET /openapi.json', () => {
  test('is an OpenAPI 3.1 document', async ({ client, assert }) => {
    const response = await client.get('/openapi.json')
    response.assertStatus(200)
    assert.equal(response.body().openapi, '3.1.0')
    assert.properties(response.body().components.schemas, ['ErrorEnvelope', 'ProblemDetails'])
  })

  test('describes every registered route and method, with responses', async ({
    client,
    assert,
  }) => {
    const response = await client.get('/openapi.json')
    const document = response.body()
    const byTemplate = new Map(
      Object.entries<any>(document.paths).map(([path, item]) => [documentTemplate(path), item])
    )
    const missing: string[] = []
    for (const routes of Object.values(router.toJSON())) {
      for (const route of routes) {
        if (route.pattern.startsWith('/admin') || route.pattern.startsWith('/docs/assets')) continue
        const path = byTemplate.get(routeTemplate(route.pattern))
        for (const method of route.methods) {
          if (method === 'HEAD') continue
          const operation = path?.[method.toLowerCase()]
          if (!operation || !Object.keys(operation.responses ?? {}).length) {
            missing.push(`${method} ${route.pattern}`)
          }
        }
      }
    }
    assert.deepEqual(missing, [], `routes missing from /openapi.json: ${missing.join(', ')}`)
  })

  test('every error response names its request id, in the body and the X-Request-Id header', async ({
    client,
    assert,
  }) => {
    const served = await client.get('/openapi.json')
    const document = served.body()
    const { ErrorEnvelope, ProblemDetails } = document.components.schemas
    assert.include(ErrorEnvelope.properties.error.required, 'requestId')
    assert.include(ProblemDetails.required, 'requestId')

    const errorSchemas = [
      '#/components/schemas/ErrorEnvelope',
      '#/components/schemas/ProblemDetails',
    ]
    const undocumented: string[] = []
    for (const [path, operations] of Object.entries<any>(document.paths)) {
      // The health checks' 503s are their own status reports, not error bodies.
      if (path === '/health' || path.startsWith('/health/')) continue
      for (const [method, operation] of Object.entries<any>(operations)) {
        for (const [status, response] of Object.entries<any>(operation.responses)) {
          if (Number(status) < 400) continue
          const [media] = Object.values<any>(response.content ?? {})
          const named =
            errorSchemas.includes(media?.schema?.$ref) &&
            response.headers?.['X-Request-Id']?.$ref === '#/components/headers/RequestId'
          if (!named) undocumented.push(`${method.toUpperCase()} ${path} ${status}`)
        }
      }
    }
    assert.deepEqual(undocumented, [])
  })

  test('names every operation with an operationId of its own', async ({ client, assert }) => {
    const served = await client.get('/openapi.json')
    const { paths } = served.body()
    const ids: string[] = []
    for (const [path, operations] of Object.entries<any>(paths)) {
      for (const [method, operation] of Object.entries<any>(operations)) {
        assert.isString(operation.operationId, `${method.toUpperCase()} ${path}`)
        ids.push(operation.operationId)
      }
    }
    assert.lengthOf(new Set(ids), ids.length)
  })

  test('lists each error status with the codes of the exceptions behind it', async ({
    client,
    assert,
  }) => {
    const served = await client.get('/openapi.json')
    const { paths } = served.body()
    const create = paths['/api/v1/seller/products'].post.responses
    assert.sameMembers(create['404']['x-error-codes'], [ShopNotFound.code])
    assert.sameMembers(create['409']['x-error-codes'], [SkuExists.code])
    assert.include(create['409'].description, SkuExists.message)
    assert.includeMembers(create['400']['x-error-codes'], ['VALIDATION_FAILED', 'MALFORMED_BODY'])
    assert.includeMembers(create['401']['x-error-codes'], ['UNAUTHORIZED', 'TOKEN_REVOKED'])
    // A seller route takes no API key: one presented is refused (docs/api/integrations.md).
    assert.sameMembers(create['403']['x-error-codes'], [
      'ACCOUNT_DEACTIVATED',
      'FORBIDDEN',
      'API_KEY_NOT_ACCEPTED',
    ])
    assert.sameMembers(create['503']['x-error-codes'], ['SERVICE_UNAVAILABLE'])

    // A public read without a body or a query has none of those.
    const product = paths['/api/v1/products/{id}'].get.responses
    assert.notProperty(product, '400')
    assert.notProperty(product, '401')
    // Its id must be a UUID to match the route at all.
    assert.sameMembers(product['404']['x-error-codes'], [ProductNotFound.code, 'ROUTE_NOT_FOUND'])
    assert.equal(paths['/api/v1/products/{id}'].get.parameters[0].schema.format, 'uuid')
  })

  test('takes each response schema from beside its transformer', async ({ client, assert }) => {
    const served = await client.get('/openapi.json')
    const { components, paths } = served.body()
    assert.deepEqual(components.schemas.Order, OrderTransformer.shape.schema)
    assert.deepEqual(components.schemas.Coupon, CouponTransformer.shape.schema)
    assert.deepEqual(
      paths['/api/v1/orders/{id}'].get.responses['200'].content['application/json'].schema,
      { $ref: '#/components/schemas/Order' }
    )
  })

  test('the test client refuses a response the document does not describe', async ({
    client,
    assert,
  }) => {
    const served = await client.get('/openapi.json')
    const { baseUrl } = served.request.config
    const cart = { items: [], itemCount: 0, subTotal: 0 }
    const answer = (method: string, endpoint: string, status: number, body: unknown) =>
      ({
        request: { config: { method, endpoint, baseUrl } },
        status: () => status,
        headers: () => ({ 'content-type': 'application/json; charset=utf-8' }),
        body: () => body,
        text: () => JSON.stringify(body),
      }) as unknown as ApiResponse

    await assertMatchesContract(answer('GET', '/api/v1/cart', 200, cart))
    await assert.rejects(
      () => assertMatchesContract(answer('GET', '/api/v1/cart', 200, { ...cart, extra: 1 })),
      /must NOT have additional properties/
    )
    await assert.rejects(
      () => assertMatchesContract(answer('GET', '/api/v1/cart', 200, { ...cart, subTotal: '0' })),
      /must be number/
    )
    await assert.rejects(
      () => assertMatchesContract(answer('GET', '/api/v1/cart', 204, cart)),
      /status 204 is not documented/
    )
    const problem = {
      type: 'about:blank',
      title: 'Conflict',
      status: 409,
      code: 'SKU_EXISTS',
      detail: 'taken',
      requestId: 'r1',
    }
    await assertMatchesContract(answer('POST', '/api/v1/seller/products', 409, problem))
    await assert.rejects(
      () =>
        assertMatchesContract(
          answer('POST', '/api/v1/seller/products', 409, { ...problem, code: 'CART_CHANGED' })
        ),
      /error code CART_CHANGED is not among the documented SKU_EXISTS/
    )
  })

  test('serves a documentation page that loads the document', async ({ client, assert }) => {
    const page = await client.get('/docs')
    page.assertStatus(200)
    assert.include(page.text(), '/docs/assets/swagger-ui-bundle.js')
    const init = await client.get('/docs/assets/docs-init.js')
    assert.include(init.text(), '/openapi.json')
    const stylesheet = await client.get('/docs/assets/swagger-ui.css')
    stylesheet.assertStatus(200)
    const traversal = await client.get('/docs/assets/..%2Fpackage.json')
    traversal.assertStatus(404)
  })
})
