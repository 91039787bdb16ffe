import { test } from '@japa/runner'
import env from '#start/env'
import { captureLogs } from '#tests/helpers/logs'
import { MAX_BODY_DEPTH } from '#support/nesting_depth'

/** A password that must never reach a log line, whatever happens to the body around it. */
const MARKER = 'Marker-Password-7f3c91'

/** Sends raw bytes (the API client would re-serialise a string body). */
async function post(path: string, body: string, contentType = 'application/json') {
  const response = await fetch(`http://${env.get('HOST')}:${env.get('PORT')}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': contentType, 'Accept': 'application/json' },
    body,
    redirect: 'manual',
  })
  const text = await response.text()
  return { status: response.status, text }
}

/** A login-shaped body whose `x` field nests arrays so the whole body is `depth` levels deep. */
function nested(depth: number) {
  const inner = depth - 1
  return `{"email":"a@b.co","password":"${MARKER}","userType":"customer","x":${'['.repeat(inner)}${']'.repeat(inner)}}`
}

/** Every kind of body the tester sent, each carrying the marker password. */
const BAD_JSON_BODIES = {
  'nested 65 levels': nested(MAX_BODY_DEPTH + 1),
  'nested 1,000 levels': nested(1000),
  'nested 20,000 levels': nested(20_000),
  'broken JSON': `{"email":"a@b.co","password":"${MARKER}",`,
  'a bare string': `"${MARKER}"`,
  'over 1 MiB': `{"password":"${MARKER}","x":"${'a'.repeat(1_100_000)}"}`,
}

/** One route of each kind: envelope, problem details (with and without a token), console. */
const ROUTES = [
  '/auth/login',
  '/policy',
  '/api/v1/checkout/summary',
  '/api/v1/cart/items',
  '/admin/login',
]

test.group('Request bodies', () => {
  test('malformed, huge and deeply nested bodies are a 4xx on every route and never logged', async ({
    assert,
  }) => {
    const answers: Array<{ route: string; body: string; status: number; text: string }> = []
    const log = await captureLogs(async () => {
      for (const route of ROUTES) {
        for (const [body, raw] of Object.entries(BAD_JSON_BODIES)) {
          answers.push({ route, body, ...(await post(route, raw)) })
        }
      }
    })

    for (const { route, body, status, text } of answers) {
      const expected = body === 'over 1 MiB' ? 413 : 400
      assert.equal(status, expected, `${route} with ${body}`)
      assert.notInclude(text, MARKER, `${route} with ${body}`)
      if (!route.startsWith('/admin')) {
        assert.include(text, expected === 413 ? 'PAYLOAD_TOO_LARGE' : 'MALFORMED_BODY')
      }
    }
    assert.notInclude(log, MARKER)
    assert.notInclude(log, '"level":50', 'no error was logged')
  })

  test('console forms: huge and deeply bracketed form bodies are a 4xx and never logged', async ({
    assert,
  }) => {
    const forms = {
      'over 1 MiB': `email=a%40b.co&password=${MARKER}&x=${'a'.repeat(1_100_000)}`,
      'deep brackets': `email=a%40b.co&password=${MARKER}&x${'[a]'.repeat(20_000)}=1`,
    }
    const answers: Array<{ form: string; status: number; text: string }> = []
    const log = await captureLogs(async () => {
      for (const [form, raw] of Object.entries(forms)) {
        answers.push({
          form,
          ...(await post('/admin/login', raw, 'application/x-www-form-urlencoded')),
        })
      }
    })
    for (const { form, status, text } of answers) {
      assert.isBelow(status, 500, form)
      assert.notInclude(text, MARKER, form)
    }
    assert.equal(answers[0].status, 413)
    assert.notInclude(log, MARKER)
  })

  test('a body nested exactly 64 levels is accepted', async ({ assert }) => {
    // No token: reaching the 401 of the auth middleware means the body itself was accepted.
    const response = await post('/api/v1/checkout/summary', nested(MAX_BODY_DEPTH))
    assert.equal(response.status, 401)
    assert.include(response.text, 'UNAUTHORIZED')
  })
})
