import { DomainError, type FieldMessage } from '#exceptions/domain_error'
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

const UNAVAILABLE: ErrorDescription = {
  status: 503,
  code: 'SERVICE_UNAVAILABLE',
  message: 'The service is temporarily unavailable; try again shortly',
  headers: { 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS) },
}

const INTERNAL: ErrorDescription = {
  status: 500,
  code: 'INTERNAL_ERROR',
  message: 'An unexpected error occurred',
}

const VALIDATION_FAILED: ErrorDefinition = {
  status: 400,
  code: 'VALIDATION_FAILED',
  message: 'The request is invalid',
}

const MALFORMED_BODY: ErrorDefinition = {
  status: 400,
  code: 'MALFORMED_BODY',
  message: 'The request body is not a valid JSON object',
}

/** A path that exists under other methods (the handler words the message per method). */
const METHOD_NOT_ALLOWED: ErrorDefinition = {
  status: 405,
  code: 'METHOD_NOT_ALLOWED',
  message: 'This method is not allowed here',
}

const TOO_MANY_REQUESTS: ErrorDefinition = {
  status: 429,
  code: 'TOO_MANY_REQUESTS',
  message: 'Too many requests; try again later',
}

/** Framework error codes mapped to the stable codes and wording clients see. */
const FRAMEWORK_ERRORS: Record<string, ErrorDefinition> = {
  E_ROUTE_NOT_FOUND: {
    status: 404,
    code: 'ROUTE_NOT_FOUND',
    message: 'No route matches this request',
  },
  E_UNAUTHORIZED_ACCESS: {
    status: 401,
    code: 'UNAUTHORIZED',
    message: 'Authentication is required',
  },
  E_AUTHORIZATION_FAILURE: {
    status: 403,
    code: 'FORBIDDEN',
    message: 'You are not allowed to do this',
  },
  E_BAD_CSRF_TOKEN: {
    status: 403,
    code: 'CSRF_TOKEN_INVALID',
    message: 'The form has expired; reload the page and try again',
  },
  E_REQUEST_ENTITY_TOO_LARGE: {
    status: 413,
    code: 'PAYLOAD_TOO_LARGE',
    message: 'The request body is too large',
  },
  E_ENCODING_UNSUPPORTED: {
    status: 415,
    code: 'UNSUPPORTED_ENCODING',
    message: 'The request body encoding is not supported',
  },
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
    return { ...VALIDATION_FAILED, fields }
  }

  if (isMalformedBody(error)) {
    return { ...MALFORMED_BODY }
  }

  if (candidate.code === 'E_TOO_MANY_REQUESTS') {
    const retryAfter = Math.max(1, Math.ceil(candidate.response?.availableIn ?? 60))
    return { ...TOO_MANY_REQUESTS, headers: { 'Retry-After': String(retryAfter) } }
  }

  if (candidate.code && FRAMEWORK_ERRORS[candidate.code]) {
    return { ...FRAMEWORK_ERRORS[candidate.code] }
  }

  if (isUnknownContentEncoding(candidate)) {
    return { ...FRAMEWORK_ERRORS.E_ENCODING_UNSUPPORTED }
  }

  if (isDatabaseUnavailable(error) || isRedisUnavailable(error)) {
    return { ...UNAVAILABLE, headers: { ...UNAVAILABLE.headers } }
  }

  return INTERNAL
}

/**
 * The errors `describeError` makes of what is not a domain error, by name, so the OpenAPI
 * document lists them from here rather than restating their status and code.
 */
export const FRAMEWORK_ERROR_DEFINITIONS = {
  routeNotFound: FRAMEWORK_ERRORS.E_ROUTE_NOT_FOUND,
  unauthorized: FRAMEWORK_ERRORS.E_UNAUTHORIZED_ACCESS,
  forbidden: FRAMEWORK_ERRORS.E_AUTHORIZATION_FAILURE,
  payloadTooLarge: FRAMEWORK_ERRORS.E_REQUEST_ENTITY_TOO_LARGE,
  unsupportedEncoding: FRAMEWORK_ERRORS.E_ENCODING_UNSUPPORTED,
  validationFailed: VALIDATION_FAILED,
  malformedBody: MALFORMED_BODY,
  methodNotAllowed: METHOD_NOT_ALLOWED,
  tooManyRequests: TOO_MANY_REQUESTS,
  serviceUnavailable: {
    status: UNAVAILABLE.status,
    code: UNAVAILABLE.code,
    message: UNAVAILABLE.message,
  },
  internal: INTERNAL,
} satisfies Record<string, ErrorDefinition>
