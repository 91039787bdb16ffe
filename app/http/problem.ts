import type { FieldMessage } from '#exceptions/domain_error'
import { statusText } from '#support/http_status'

/** RFC 9457 problem details, the error body of every `/api/v1` route. */
export interface ProblemDetails {
  type: string
  title: string
  status: number
  code: string
  detail: string
  errors?: FieldMessage[]
  /** The `X-Request-Id` of the response, so a user's report can be matched to the log line. */
  requestId: string
}

/** Builds the problem-details body for one error. */
export function problemDetails(
  status: number,
  code: string,
  detail: string,
  errors: FieldMessage[] | undefined,
  requestId: string
): ProblemDetails {
  return {
    type: 'about:blank',
    title: statusText(status),
    status,
    code,
    detail,
    ...(errors && errors.length ? { errors } : {}),
    requestId,
  }
}
