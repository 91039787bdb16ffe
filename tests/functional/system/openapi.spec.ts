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
