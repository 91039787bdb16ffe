import { DomainError, errorTable, type FieldMessage } from '#exceptions/domain_error'
import { isDatabaseUnavailable, isRedisUnavailable } from '#support/db_errors'

/** What the client is told about an error, before it is put in the shape its route uses. */
export interface ErrorDescription {
  status: number
  code: string
  message: string
  fields?: FieldMessage[]
  headers?: Record<string, string>
}

/** Seconds a client is asked to wait before retrying while the database is unreachable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5

/** The status, code and wording of one kind of error: what the OpenAPI document lists. */
export type ErrorDefinition = Pick<ErrorDescription, 'status' | 'code' | 'message'>

/**
 * Every error `describeError` makes of what is not a domain error, by name, so the OpenAPI
 * document lists them from here rather than restating their status and code. The handler words
 * `methodNotAllowed` per method.
 */
export const FRAMEWORK_ERROR_DEFINITIONS = errorTable(
  {
    routeNotFound: [404, 'ROUTE_NOT_FOUND', 'No route matches this request'],
    unauthorized: [401, 'UNAUTHORIZED', 'Authentication is required'],
    forbidden: [403, 'FORBIDDEN', 'You are not allowed to do this'],
    csrfTokenInvalid: [
      403,
      'CSRF_TOKEN_INVALID',
      'The form has expired; reload the page and try again',
    ],
    payloadTooLarge: [413, 'PAYLOAD_TOO_LARGE', 'The request body is too large'],
    unsupportedEncoding: [
      415,
      'UNSUPPORTED_ENCODING',
      'The request body encoding is not supported',
    ],
    validationFailed: [400, 'VALIDATION_FAILED', 'The request is invalid'],
    malformedBody: [400, 'MALFORMED_BODY', 'The request body is not a valid JSON object'],
    methodNotAllowed: [405, 'METHOD_NOT_ALLOWED', 'This method is not allowed here'],
    tooManyRequests: [429, 'TOO_MANY_REQUESTS', 'Too many requests; try again later'],
    serviceUnavailable: [
      503,
      'SERVICE_UNAVAILABLE',
      'The service is temporarily unavailable; try again shortly',
    ],
    internal: [500, 'INTERNAL_ERROR', 'An unexpected error occurred'],
  },
  (definition): ErrorDefinition => definition
)
const known = FRAMEWORK_ERROR_DEFINITIONS

/** Framework error codes mapped to the stable codes and wording clients see. */
const FRAMEWORK_ERRORS: Record<string, ErrorDefinition> = {
  E_ROUTE_NOT_FOUND: known.routeNotFound,
  E_UNAUTHORIZED_ACCESS: known.unauthorized,
  E_AUTHORIZATION_FAILURE: known.forbidden,
  E_BAD_CSRF_TOKEN: known.csrfTokenInvalid,
  E_REQUEST_ENTITY_TOO_LARGE: known.payloadTooLarge,
  E_ENCODING_UNSUPPORTED: known.unsupportedEncoding,
}

interface ErrorLike {
  status?: number
  code?: string
  message?: string
  messages?: unknown
  response?: { availableIn?: number }
}

function isValidationError(error: ErrorLike): boolean {
  return error.code === 'E_VALIDATION_ERROR' && Array.isArray(error.messages)
}

function isMalformedBody(error: unknown): boolean {
  if (error instanceof SyntaxError && (error as ErrorLike).status === 400) return true
  const candidate = error as ErrorLike
  return typeof candidate?.message === 'string' && candidate.message.startsWith('Invalid JSON')
}

/**
 * The body parser's decompression (`inflation`) refuses a Content-Encoding it does not know with a
 * plain error carrying status 415 and no code; it is the client's mistake, not a fault.
 */
function isUnknownContentEncoding(error: ErrorLike): boolean {
  return (
    error.status === 415 &&
    typeof error.message === 'string' &&
    error.message.startsWith('Unsupported Content-Encoding')
  )
}

/**
 * Turns any thrown value into what the client may see. Only domain errors, validation errors and
 * known framework errors keep their message; a database (or Redis) that cannot be reached is a
 * 503 with `Retry-After`; everything else becomes a bare 500.
 */
export function describeError(error: unknown): ErrorDescription {
  if (error instanceof DomainError) {
    return {
      status: error.status,
      code: error.code,
      message: error.message,
      fields: error.fields,
      headers: error.headers,
    }
  }

  const candidate = (error ?? {}) as ErrorLike

  if (isValidationError(candidate)) {
    const fields = (candidate.messages as Array<{ field: string; message: string }>).map(
      ({ field, message }) => ({ field, message })
    )
    return { ...known.validationFailed, fields }
  }

  if (isMalformedBody(error)) {
    return { ...known.malformedBody }
  }

  if (candidate.code === 'E_TOO_MANY_REQUESTS') {
    const retryAfter = Math.max(1, Math.ceil(candidate.response?.availableIn ?? 60))
    return { ...known.tooManyRequests, headers: { 'Retry-After': String(retryAfter) } }
  }

  if (candidate.code && FRAMEWORK_ERRORS[candidate.code]) {
    return { ...FRAMEWORK_ERRORS[candidate.code] }
  }

  if (isUnknownContentEncoding(candidate)) {
    return { ...known.unsupportedEncoding }
  }

  if (isDatabaseUnavailable(error) || isRedisUnavailable(error)) {
    return {
      ...known.serviceUnavailable,
      headers: { 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS) },
    }
  }

  return known.internal
}
