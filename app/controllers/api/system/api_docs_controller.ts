import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import type { HttpContext } from '@adonisjs/core/http'
import { openApiDocument } from '#openapi/document'
import { ResourceNotFound } from '#exceptions/common_errors'

const swaggerUiDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'))

/**
 * The only files the docs page may load; anything else under /docs/assets is a 404. A Map, so
 * a name such as `constructor` or `__proto__` finds nothing instead of an inherited property.
 */
const ASSETS = new Map<string, string>([
  ['swagger-ui.css', join(swaggerUiDir, 'swagger-ui.css')],
  ['swagger-ui-bundle.js', join(swaggerUiDir, 'swagger-ui-bundle.js')],
])

const INIT_SCRIPT = "window.ui = SwaggerUIBundle({ url: '/openapi.json', dom_id: '#swagger-ui' })\n"

/** Serves the OpenAPI document and the page that renders it (Swagger UI, served locally). */
export default class ApiDocsController {
  async document({ response }: HttpContext) {
    return response.send(openApiDocument())
  }

  async page({ response }: HttpContext) {
    response.header('Content-Type', 'text/html; charset=utf-8')
    return response.send(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Commerce API documentation</title>
<link rel="stylesheet" href="/docs/assets/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"><noscript>This page needs JavaScript; the raw document is at <a href="/openapi.json">/openapi.json</a>.</noscript></div>
<script src="/docs/assets/swagger-ui-bundle.js"></script>
<script src="/docs/assets/docs-init.js"></script>
</body>
</html>`)
  }

  async asset({ params, response }: HttpContext) {
    if (params.file === 'docs-init.js') {
      response.header('Content-Type', 'text/javascript; charset=utf-8')
      return response.send(INIT_SCRIPT)
    }
    const file = ASSETS.get(params.file)
    if (!file) throw new ResourceNotFound('No such documentation asset')
    response.header('Cache-Control', 'public, max-age=86400')
    return response.download(file)
  }
}
