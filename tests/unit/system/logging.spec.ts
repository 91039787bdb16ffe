import { Writable } from 'node:stream'
import { test } from '@japa/runner'
import { pino } from 'pino'
import { REDACT_OPTIONS } from '#config/logger'
import RequestContextMiddleware from '#middleware/request_context_middleware'

test.group('Logging', () => {
  test('secret-named fields are redacted at any depth', async ({ assert }) => {
    const lines: string[] = []
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(chunk.toString())
        done()
      },
    })
    const logger = pino({ redact: REDACT_OPTIONS }, sink)
    logger.info({
      password: 'hunter2-top',
      body: { newPassword: 'hunter2-body', otp: '123456' },
      input: { nested: { token: 'tok-secret', refreshToken: 'rt-secret' } },
      email: 'kept@example.com',
    })
    const output = lines.join('')
    for (const secret of ['hunter2-top', 'hunter2-body', '123456', 'tok-secret', 'rt-secret']) {
      assert.notInclude(output, secret)
    }
    assert.include(output, 'kept@example.com')
  })

  test('the access log records the path without the query string', async ({ assert }) => {
    const logged: Array<Record<string, unknown>> = []
    const headers: Record<string, string> = {}
    const ctx = {
      request: {
        request: { headers: { 'x-request-id': 'req-1' } },
        id: () => 'req-1',
        method: () => 'GET',
        url: () => '/auth/reset-password',
      },
      response: {
        header: (name: string, value: string) => (headers[name] = value),
        getStatus: () => 200,
      },
      logger: { info: (fields: Record<string, unknown>) => logged.push(fields) },
    }
    await new RequestContextMiddleware().handle(ctx as any, async () => {})
    assert.equal(headers['X-Request-Id'], 'req-1')
    assert.equal(logged[0].path, '/auth/reset-password')
    assert.notInclude(JSON.stringify(logged), 'otp=')
  })
})
