/*
| The API contract, checked on every functional test: each JSON response the test client receives
| is validated (ajv, JSON Schema 2020-12 as OpenAPI 3.1 uses) against the response schema that
| `/openapi.json` gives for its route, method and status. A transformer change the document does
| not follow, or a status the document does not list, fails the test that produced it.
*/
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import router from '@adonisjs/core/services/router'
import type { ApiResponse } from '@japa/api-client'
import { responseStyleFor } from '#support/response_style'

type OpenApiDocument = {
  paths: Record<string, Record<string, OpenApiOperation>>
}
type OpenApiOperation = {
  responses: Record<
    string,
    { 'content'?: Record<string, { schema: unknown }>; 'x-error-codes'?: string[] }
  >
}

/**
 * Routes outside the JSON API: the console (HTML), the documentation page's assets and the stored
 * product images (bytes; docs/api/catalog.md, "Images").
 */
const OUTSIDE_THE_API = [/^\/admin(\/|$)/, /^\/docs\/assets\//, /^\/media\//]

const DOCUMENT_ID = 'openapi.json'

let loaded: Promise<{ document: OpenApiDocument; ajv: Ajv2020 }> | undefined
const validators = new Map<string, ValidateFunction>()

/** Fetches the served document once per run, from the server the test talked to. */
function load(baseUrl: string) {
  loaded ??= fetch(new URL('/openapi.json', baseUrl)).then(async (served) => {
    const document = (await served.json()) as OpenApiDocument
    const ajv = new Ajv2020({ strict: false, allErrors: true })
    addFormats.default(ajv)
    // ajv-formats knows no `idn-email`; the API keeps addresses with non-ASCII letters.
    ajv.addFormat('idn-email', /^[^\s@]+@[^\s@]+$/u)
    ajv.addSchema(document, DOCUMENT_ID)
    return { document, ajv }
  })
  return loaded
}

/** `/api/v1/cart/items/{productId}` → a pattern that matches one path segment per parameter. */
function templatePattern(template: string): RegExp {
  const escaped = template
    .split(/\{[^}]+\}/)
    .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
  return new RegExp(`^${escaped.join('[^/]+')}$`)
}

/** The documented path of a request: among the templates that match, the most literal one. */
function documentedPath(document: OpenApiDocument, path: string, method: string) {
  const candidates = Object.keys(document.paths).filter(
    (template) => document.paths[template][method] && templatePattern(template).test(path)
  )
  const parameters = (template: string) => (template.match(/\{/g) ?? []).length
  return candidates.sort((a, b) => parameters(a) - parameters(b))[0]
}

/** JSON pointer escaping (RFC 6901). */
const pointer = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1')

function validatorFor(ajv: Ajv2020, reference: string) {
  let validate = validators.get(reference)
  if (!validate) {
    validate = ajv.compile({ $ref: `${DOCUMENT_ID}#${reference}` })
    validators.set(reference, validate)
  }
  return validate
}

/** The error body of a request no route answers (404 or 405): the shape its path would use. */
function unroutedReference(path: string) {
  return responseStyleFor(path) === 'envelope'
    ? '/components/schemas/ErrorEnvelope'
    : '/components/schemas/ProblemDetails'
}

/**
 * Throws when the response breaks the document: its status is not listed for the route, its body
 * does not match the listed schema, or an error's `code` is not one the document names for it.
 */
export async function assertMatchesContract(response: ApiResponse) {
  const { method: rawMethod, endpoint, baseUrl } = response.request.config
  const method = rawMethod.toLowerCase()
  const url = new URL(endpoint, baseUrl ?? 'http://localhost')
  const path = url.pathname
  if (method === 'head' || method === 'options') return
  if (OUTSIDE_THE_API.some((pattern) => pattern.test(path))) return

  const status = String(response.status())
  const label = `${method.toUpperCase()} ${path} → ${status}`
  const contentType = String(response.headers()['content-type'] ?? '')
  const { document, ajv } = await load(url.origin)

  const template = documentedPath(document, path, method)
  if (!template) {
    if (router.match(path, method.toUpperCase(), false)) {
      throw new Error(`Contract: ${label}: the route is not in /openapi.json`)
    }
    if (!contentType.includes('json')) return
    const validate = validatorFor(ajv, unroutedReference(path))
    if (!validate(response.body())) {
      throw new Error(`Contract: ${label}: ${ajv.errorsText(validate.errors)}`)
    }
    return
  }

  const documented = document.paths[template][method].responses[status]
  if (!documented) {
    throw new Error(`Contract: ${label}: status ${status} is not documented for ${template}`)
  }
  if (!contentType.includes('json')) {
    if (documented.content && response.text().length > 0) {
      throw new Error(`Contract: ${label}: expected JSON, got "${contentType}"`)
    }
    return
  }
  const mediaType = Object.keys(documented.content ?? {})[0]
  if (!mediaType) {
    throw new Error(`Contract: ${label}: the document describes no body for this response`)
  }

  const reference = [
    '/paths',
    pointer(template),
    method,
    'responses',
    status,
    'content',
    pointer(mediaType),
    'schema',
  ].join('/')
  const body = response.body() as { code?: string; error?: { code?: string } } | null
  const validate = validatorFor(ajv, reference)
  if (!validate(body)) {
    throw new Error(
      `Contract: ${label} (${template}): ${ajv.errorsText(validate.errors)}\nbody: ${JSON.stringify(body).slice(0, 500)}`
    )
  }

  const codes = documented['x-error-codes']
  const code = body?.code ?? body?.error?.code
  if (codes && !codes.includes(code ?? '')) {
    throw new Error(
      `Contract: ${label} (${template}): error code ${code} is not among the documented ${codes.join(', ')}`
    )
  }
}
