import { defineDomainError } from '#exceptions/domain_error'

/** Errors shared by every area. Area-specific ones live beside them in `app/exceptions`. */
export const ValidationFailed = defineDomainError(
  400,
  'VALIDATION_FAILED',
  'The request is invalid'
)
export const ResourceNotFound = defineDomainError(404, 'NOT_FOUND', 'Resource not found')
export const Forbidden = defineDomainError(403, 'FORBIDDEN', 'You are not allowed to do this')
export const Unauthenticated = defineDomainError(401, 'UNAUTHORIZED', 'Authentication is required')

/** A body that cannot be parsed, or is nested deeper than the parser accepts. */
export const MalformedBody = defineDomainError(
  400,
  'MALFORMED_BODY',
  'The request body is not a valid JSON object'
)
