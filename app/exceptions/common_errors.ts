import { domainErrors } from '#exceptions/domain_error'

/** Errors shared by every area. Area-specific ones live beside them in `app/exceptions`. */
export const { ValidationFailed, ResourceNotFound, Forbidden, MalformedBody } = domainErrors({
  ValidationFailed: [400, 'VALIDATION_FAILED', 'The request is invalid'],
  ResourceNotFound: [404, 'NOT_FOUND', 'Resource not found'],
  Forbidden: [403, 'FORBIDDEN', 'You are not allowed to do this'],
  /** A body that cannot be parsed, or is nested deeper than the parser accepts. */
  MalformedBody: [400, 'MALFORMED_BODY', 'The request body is not a valid JSON object'],
})
