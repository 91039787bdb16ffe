import { test } from '@japa/runner'
import router from '@adonisjs/core/services/router'

/** `/policy/:id` → `/policy/{id}`. */
const toOpenApiPath = (pattern: string) => pattern.replace(/:([A-Za-z0-9_]+)\??/g, '{$1}')

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
    const missing: string[] = []
    for (const routes of Object.values(router.toJSON())) {
      for (const route of routes) {
        if (route.pattern.startsWith('/admin') || route.pattern.startsWith('/docs/assets')) continue
        const path = document.paths[toOpenApiPath(route.pattern)]
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
