import { IncomingMessage, ServerResponse } from 'node:http'
import { Socket } from 'node:net'
import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import env from '#start/env'
import HttpExceptionHandler from '#exceptions/handler'
import { expectEnvelopeError, expectProblem } from '#tests/helpers/responses'

/** An HTTP context for `method url`, to drive the exception handler directly. */
async function contextFor(method: string, url: string) {
  const req = new IncomingMessage(new Socket())
  req.method = method
  req.url = url
  return testUtils.createHttpContext({ req, res: new ServerResponse(req) })
}

test.group('Error model', () => {
  test('an unknown /api/v1 route answers problem details', async ({ client, assert }) => {
    const response = await client.get('/api/v1/no-such-thing')
    expectProblem(assert, response, 404, 'ROUTE_NOT_FOUND')
  })

  test('an unknown /auth route answers the envelope', async ({ client, assert }) => {
    const response = await client.get('/auth/no-such-thing')
    expectEnvelopeError(assert, response, 404, 'ROUTE_NOT_FOUND')
  })

  test('a known path with the wrong method answers 405 with Allow', async ({ client, assert }) => {
    const response = await client.delete('/auth/login')
    expectEnvelopeError(assert, response, 405, 'METHOD_NOT_ALLOWED')
    assert.equal(response.header('allow'), 'POST')
  })

  test('every error body names its request by the X-Request-Id of the response', async ({
    client,
    assert,
  }) => {
    const problem = await client.get('/api/v1/no-such-thing')
    const envelope = await client.post('/auth/login').json({})
    for (const response of [problem, envelope]) {
      const requestId = response.header('x-request-id')
      assert.isNotEmpty(requestId)
      assert.equal(response.body().requestId ?? response.body().error.requestId, requestId)
    }
    assert.notEqual(problem.header('x-request-id'), envelope.header('x-request-id'))

    // An id a proxy in front already gave the request is kept, so both logs tell one story.
    const traced = await client.get('/api/v1/no-such-thing').header('X-Request-Id', 'edge-42')
    assert.equal(traced.header('x-request-id'), 'edge-42')
    assert.equal(traced.body().requestId, 'edge-42')
  })

  test('a malformed or non-object JSON body answers 400 MALFORMED_BODY', async ({ assert }) => {
    // The API client re-serialises string bodies, so raw bytes go through fetch.
    const base = `http://${env.get('HOST')}:${env.get('PORT')}`
    for (const raw of ['{"email": "a@b.c",', '"just a string"', '42']) {
      const response = await fetch(`${base}/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: raw,
      })
      assert.equal(response.status, 400)
      const body = (await response.json()) as { isSuccess: boolean; error: { code: string } }
      assert.equal(body.error.code, 'MALFORMED_BODY')
      assert.isFalse(body.isSuccess)
    }
  })

  test('a body over 1 MiB answers 413 PAYLOAD_TOO_LARGE', async ({ assert }) => {
    const base = `http://${env.get('HOST')}:${env.get('PORT')}`
    const response = await fetch(`${base}/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'a'.repeat(1024 * 1024 + 1), password: 'x' }),
    })
    assert.equal(response.status, 413)
    const body = (await response.json()) as { isSuccess: boolean; error: { code: string } }
    assert.equal(body.error.code, 'PAYLOAD_TOO_LARGE')
    assert.isFalse(body.isSuccess)
  })

  test('a body in an encoding the server cannot read answers 415 UNSUPPORTED_ENCODING', async ({
    assert,
  }) => {
    const base = `http://${env.get('HOST')}:${env.get('PORT')}`
    for (const encoding of ['compress', 'x-unknown']) {
      const response = await fetch(`${base}/api/v1/checkout/summary`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Content-Encoding': encoding },
        body: '{}',
      })
      assert.equal(response.status, 415, encoding)
      const body = (await response.json()) as { status: number; code: string }
      assert.deepEqual([body.status, body.code], [415, 'UNSUPPORTED_ENCODING'])
    }
  })

  test('an unknown documentation asset answers 404 NOT_FOUND', async ({ client, assert }) => {
    const response = await client.get('/docs/assets/no-such-file.js')
    expectProblem(assert, response, 404, 'NOT_FOUND')
  })

  test('validation errors list each field', async ({ client, assert }) => {
    const response = await client.post('/auth/login').json({ email: 'not-an-email' })
    const error = expectEnvelopeError(assert, response, 400, 'VALIDATION_FAILED')
    const fields = (error.fields ?? []).map((entry) => entry.field).sort()
    assert.deepEqual(fields, ['email', 'password', 'userType'])
  })

  test('a non-UUID id matches no route instead of reaching the database', async ({
    client,
    assert,
  }) => {
    const response = await client.put('/auth/not-a-uuid/activate')
    expectEnvelopeError(assert, response, 404, 'ROUTE_NOT_FOUND')
  })

  test('an unexpected fault is a bare 500 with no internals', async ({ assert }) => {
    const handler = new HttpExceptionHandler()
    const secret = 'connection string postgres://admin:hunter2@db'

    const api = await contextFor('GET', '/api/v1/orders')
    await handler.handle(new Error(secret), api)
    assert.equal(api.response.getStatus(), 500)
    const problem = JSON.parse(api.response.getBody())
    assert.deepEqual(problem, {
      type: 'about:blank',
      title: 'Internal Server Error',
      status: 500,
      code: 'INTERNAL_ERROR',
      detail: 'An unexpected error occurred',
      requestId: api.request.id(),
    })

    const auth = await contextFor('POST', '/auth/login')
    await handler.handle(new TypeError(secret), auth)
    assert.equal(auth.response.getStatus(), 500)
    const envelope = auth.response.getBody()
    assert.equal(envelope.error.code, 'INTERNAL_ERROR')
    assert.equal(envelope.error.requestId, auth.request.id())
    assert.notInclude(JSON.stringify(envelope), 'hunter2')
  })
})
