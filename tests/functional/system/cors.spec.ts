import { test } from '@japa/runner'
import type { ApiResponse } from '@japa/api-client'
import type { Assert } from '@japa/assert'
import { UserType } from '#enums/user_type'
import { actor } from '#tests/helpers/actors'
import { expectEnvelopeError, expectProblem } from '#tests/helpers/responses'

/** An origin listed in CORS_ORIGINS of the test environment (.env.test). */
const STOREFRONT = 'https://shop.example.test'

/** The CORS response headers a browser reads. */
const CORS_HEADERS = [
  'access-control-allow-origin',
  'access-control-allow-credentials',
  'access-control-allow-methods',
  'access-control-allow-headers',
  'access-control-expose-headers',
  'access-control-max-age',
]

function assertNoCors(assert: Assert, response: ApiResponse, label: string) {
  for (const name of CORS_HEADERS) {
    assert.isUndefined(response.header(name), `${label}: ${name}`)
  }
}

function exposedHeadersOf(response: ApiResponse): string[] {
  return (response.header('access-control-expose-headers') ?? '')
    .split(',')
    .map((name: string) => name.trim().toLowerCase())
}

test.group('CORS for storefronts (CORS_ORIGINS)', () => {
  test('a preflight from a listed origin is allowed with the API headers', async ({
    client,
    assert,
  }) => {
    const response = await client
      .options('/api/v1/checkout/place-order')
      .header('Origin', STOREFRONT)
      .header('Access-Control-Request-Method', 'POST')
      // As browsers send it (Fetch: lower case, sorted, joined by a bare comma).
      .header('Access-Control-Request-Headers', 'authorization,content-type,idempotency-key')

    response.assertStatus(204)
    assert.equal(response.header('access-control-allow-origin'), STOREFRONT)
    assert.includeMembers((response.header('access-control-allow-methods') ?? '').split(','), [
      'GET',
      'POST',
      'PUT',
      'DELETE',
    ])
    assert.includeMembers((response.header('access-control-allow-headers') ?? '').split(','), [
      'authorization',
      'content-type',
      'idempotency-key',
    ])
    assert.equal(response.header('access-control-max-age'), '600')
    // Bearer tokens, never cookies: a page on another origin cannot ride on a session.
    assert.isUndefined(response.header('access-control-allow-credentials'))
    assert.include(response.header('vary') ?? '', 'Origin')
  })

  test('answers to a listed origin expose Idempotent-Replayed, Retry-After and X-Request-Id', async ({
    client,
    assert,
  }) => {
    const catalog = await client.get('/api/v1/products').header('Origin', STOREFRONT)
    catalog.assertStatus(200)
    assert.equal(catalog.header('access-control-allow-origin'), STOREFRONT)
    assert.includeMembers(exposedHeadersOf(catalog), [
      'idempotent-replayed',
      'retry-after',
      'x-request-id',
    ])
    assert.include(catalog.header('vary') ?? '', 'Origin')

    // Errors too, or the storefront could not read why a request was refused.
    const problem = await client.get('/api/v1/cart').header('Origin', STOREFRONT)
    expectProblem(assert, problem, 401, 'UNAUTHORIZED')
    assert.equal(problem.header('access-control-allow-origin'), STOREFRONT)
    assert.include(exposedHeadersOf(problem), 'x-request-id')

    const envelope = await client.post('/auth/login').header('Origin', STOREFRONT).json({})
    expectEnvelopeError(assert, envelope, 400, 'VALIDATION_FAILED')
    assert.equal(envelope.header('access-control-allow-origin'), STOREFRONT)

    const { authorization } = await actor(UserType.CUSTOMER)
    const cart = await client
      .get('/api/v1/cart')
      .header('Origin', 'http://localhost:5173')
      .header('Authorization', authorization)
    cart.assertStatus(200)
    assert.equal(cart.header('access-control-allow-origin'), 'http://localhost:5173')
  })

  test('any other origin, look-alikes included, gets no CORS header', async ({
    client,
    assert,
  }) => {
    const strangers = [
      'https://evil.example',
      'http://shop.example.test',
      'https://shop.example.test:8443',
      'https://shop.example.test.evil.example',
      'https://evil-shop.example.test',
      'HTTPS://SHOP.EXAMPLE.TEST',
      'https://shop.example.test/',
      'https://xn--shp-0ed.example.test',
      'null',
      '*',
    ]
    for (const origin of strangers) {
      const preflight = await client
        .options('/api/v1/products')
        .header('Origin', origin)
        .header('Access-Control-Request-Method', 'GET')
      assertNoCors(assert, preflight, `preflight from ${origin}`)

      const request = await client.get('/api/v1/products').header('Origin', origin)
      request.assertStatus(200)
      assertNoCors(assert, request, `GET from ${origin}`)
    }
  })

  test('a preflight asking for a method or header the API does not take is not allowed', async ({
    client,
    assert,
  }) => {
    const patch = await client
      .options('/api/v1/cart/items')
      .header('Origin', STOREFRONT)
      .header('Access-Control-Request-Method', 'PATCH')
    assertNoCors(assert, patch, 'PATCH')

    const cookieHeader = await client
      .options('/api/v1/cart/items')
      .header('Origin', STOREFRONT)
      .header('Access-Control-Request-Method', 'POST')
      .header('Access-Control-Request-Headers', 'x-csrf-token')
    assertNoCors(assert, cookieHeader, 'x-csrf-token')
  })

  test('the admin console never answers another origin, even a listed one', async ({
    client,
    assert,
  }) => {
    for (const path of ['/admin', '/admin/login', '/admin/coupons']) {
      const preflight = await client
        .options(path)
        .header('Origin', STOREFRONT)
        .header('Access-Control-Request-Method', 'POST')
        .header('Access-Control-Request-Headers', 'content-type')
      assertNoCors(assert, preflight, `preflight ${path}`)
      assert.notEqual(preflight.status(), 204, path)

      const page = await client.get(path).header('Origin', STOREFRONT).redirects(0)
      assertNoCors(assert, page, `GET ${path}`)
    }
  })
})
