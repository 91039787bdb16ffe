import type { ApiResponse } from '@japa/api-client'
import type { Assert } from '@japa/assert'

/** Asserts a success envelope with the given status and returns its `data`. */
export function expectEnvelope<T = any>(assert: Assert, response: ApiResponse, status: number): T {
  const body = response.body()
  assert.equal(response.status(), status, `unexpected status, body: ${JSON.stringify(body)}`)
  assert.isTrue(body.isSuccess)
  assert.deepEqual(body.statusCode.value, status)
  assert.isString(body.statusCode.description)
  return body.data as T
}

/** Asserts a failure envelope with the given status and code; returns the `error` object. */
export function expectEnvelopeError(
  assert: Assert,
  response: ApiResponse,
  status: number,
  code: string
) {
  const body = response.body()
  assert.equal(response.status(), status, `unexpected status, body: ${JSON.stringify(body)}`)
  assert.isFalse(body.isSuccess)
  assert.equal(body.statusCode.value, status)
  assert.isNull(body.data)
  assert.equal(body.error.code, code)
  assert.isString(body.error.message)
  assertRequestId(assert, response, body.error.requestId)
  assert.notInclude(JSON.stringify(body), 'stack')
  return body.error as {
    code: string
    message: string
    fields?: Array<{ field: string; message: string }>
    requestId: string
  }
}

/** Asserts an RFC 9457 problem with the given status and code; returns the body. */
export function expectProblem(assert: Assert, response: ApiResponse, status: number, code: string) {
  const body = response.body()
  assert.equal(response.status(), status, `unexpected status, body: ${JSON.stringify(body)}`)
  assert.include(response.header('content-type') ?? '', 'application/problem+json')
  assert.equal(body.type, 'about:blank')
  assert.equal(body.status, status)
  assert.equal(body.code, code)
  assert.isString(body.title)
  assert.isString(body.detail)
  assertRequestId(assert, response, body.requestId)
  assert.notInclude(JSON.stringify(body), 'stack')
  return body as {
    code: string
    detail: string
    errors?: Array<{ field: string; message: string }>
    requestId: string
  }
}

/** An error body names its request by the id the response carries as `X-Request-Id`. */
function assertRequestId(assert: Assert, response: ApiResponse, requestId: unknown) {
  assert.isString(requestId)
  assert.isNotEmpty(requestId)
  assert.equal(requestId, response.header('x-request-id'))
}

/** An error body or `error` object without its request id, to compare answers that must match. */
export function withoutRequestId<T extends object>(error: T): Omit<T, 'requestId'> {
  return Object.fromEntries(Object.entries(error).filter(([key]) => key !== 'requestId')) as Omit<
    T,
    'requestId'
  >
}
