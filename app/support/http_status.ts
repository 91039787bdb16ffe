import { STATUS_CODES } from 'node:http'

/** RFC 9110 wording where Node's table still uses older names. */
const PREFERRED_TEXT: Record<number, string> = {
  413: 'Content Too Large',
  422: 'Unprocessable Content',
}

/** The reason phrase of an HTTP status, as written in envelopes and problem titles. */
export function statusText(status: number): string {
  return PREFERRED_TEXT[status] ?? STATUS_CODES[status] ?? 'Unknown Status'
}
