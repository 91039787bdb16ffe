import { IncomingMessage, ServerResponse } from 'node:http'
import { Socket } from 'node:net'
import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import CorsMiddleware from '@adonisjs/cors/cors_middleware'
import { corsConfigFor } from '#config/cors'
import { parseCorsOrigins } from '#support/cors_origins'

/** Runs the CORS middleware with `origins` over one request; returns the response headers. */
async function corsHeaders(origins: string[], method: string, url: string, origin: string) {
  const req = new IncomingMessage(new Socket())
  req.method = method
  req.url = url
  req.headers = { 'origin': origin, 'access-control-request-method': 'GET' }
  const ctx = await testUtils.createHttpContext({ req, res: new ServerResponse(req) })
  await new CorsMiddleware(corsConfigFor(origins)).handle(ctx, async () => {})
  return ctx.response.getHeaders()
}

test.group('CORS_ORIGINS', () => {
  test('empty or unset allows no origin', async ({ assert }) => {
    for (const setting of [undefined, '', ' , ']) assert.deepEqual(parseCorsOrigins(setting), [])
    for (const method of ['OPTIONS', 'GET']) {
      const headers = await corsHeaders([], method, '/api/v1/products', 'https://shop.example')
      assert.notProperty(headers, 'access-control-allow-origin', method)
      assert.notProperty(headers, 'access-control-expose-headers', method)
    }
  })

  test('a listed origin is allowed, and only it', async ({ assert }) => {
    const origins = parseCorsOrigins('https://shop.example, http://localhost:5173')
    assert.deepEqual(origins, ['https://shop.example', 'http://localhost:5173'])
    const allowed = await corsHeaders(origins, 'GET', '/api/v1/products', 'http://localhost:5173')
    assert.equal(allowed['access-control-allow-origin'], 'http://localhost:5173')
    const other = await corsHeaders(origins, 'GET', '/api/v1/products', 'http://localhost:5174')
    assert.notProperty(other, 'access-control-allow-origin')
  })

  test('refuses anything but exact http(s) origins, naming the entry', ({ assert }) => {
    const refused = [
      '*',
      'shop.example',
      'https://shop.example/',
      'https://shop.example/store',
      'https://Shop.Example',
      'https://shop.example:443',
      'ftp://shop.example',
      'https://*.shop.example',
      'null',
    ]
    for (const setting of refused) {
      assert.throws(() => parseCorsOrigins(`https://ok.example,${setting}`), /CORS_ORIGINS/)
    }
    assert.throws(() => parseCorsOrigins('https://shop.example/'), /"https:\/\/shop.example"/)
  })
})
