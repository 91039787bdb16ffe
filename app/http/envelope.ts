import type { HttpResponse } from '@adonisjs/core/http'
import type { FieldMessage } from '#exceptions/domain_error'
import { statusText } from '#support/http_status'
import { serialize } from '#http/serialize'

/** The response envelope of the account and policy routes (docs/api/accounts.md). */
export interface Envelope<T> {
  isSuccess: boolean
  statusCode: { value: number; description: string }
  data: T | null
  error?: { code: string; message: string; fields?: FieldMessage[]; requestId: string }
}

/** A successful envelope around `data`. */
function successEnvelope<T>(status: number, data: T): Envelope<T> {
  return { isSuccess: true, statusCode: { value: status, description: statusText(status) }, data }
}

/**
 * Sends `data` (a transformer's output or a plain value) in a successful envelope with `status`:
 * the one way an envelope route answers.
 */
export async function sendEnvelope(response: HttpResponse, data: unknown, status = 200) {
  return response.status(status).send(successEnvelope(status, await serialize(data)))
}

/**
 * A failed envelope: `data` is null and `error` carries the machine code and the request id (the
 * `X-Request-Id` of the response), so a user's report can be matched to the log line.
 */
export function errorEnvelope(
  status: number,
  code: string,
  message: string,
  fields: FieldMessage[] | undefined,
  requestId: string
): Envelope<null> {
  return {
    isSuccess: false,
    statusCode: { value: status, description: statusText(status) },
    data: null,
    error:
      fields && fields.length ? { code, message, fields, requestId } : { code, message, requestId },
  }
}
