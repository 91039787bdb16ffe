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
}

/** Builds the problem-details body for one error. */
export function problemDetails(
  status: number,
  code: string,
  detail: string,
  errors?: FieldMessage[]
): ProblemDetails {
  const problem: ProblemDetails = {
    type: 'about:blank',
    title: statusText(status),
    status,
    code,
    detail,
  }
  if (errors && errors.length) problem.errors = errors
  return problem
}
