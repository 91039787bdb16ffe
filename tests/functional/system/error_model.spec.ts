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
    })

    const auth = await contextFor('POST', '/auth/login')
    await handler.handle(new TypeError(secret), auth)
    assert.equal(auth.response.getStatus(), 500)
    const envelope = auth.response.getBody()
    assert.equal(envelope.error.code, 'INTERNAL_ERROR')
    assert.notInclude(JSON.stringify(envelope), 'hunter2')
  })
})
