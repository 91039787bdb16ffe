import logger from '@adonisjs/core/services/logger'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'

/**
 * A request id a client may choose: at most 128 characters of letters, digits and `._:-`, enough
 * for a UUID, a W3C trace id or a load balancer's id. Anything else (too long, spaces, quotes,
 * control or non-ASCII characters, a header sent twice) is replaced by a fresh one, so what the
 * client sent never reaches a response header, an error body or a log line as it was.
 */
const ACCEPTED_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/

/**
 * Settles the request id, echoes it as `X-Request-Id` and writes one structured access-log line
 * per request. Only the path is logged: query strings may carry passwords and codes.
 */
export default class RequestContextMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    const startedAt = process.hrtime.bigint()
    const headers = ctx.request.request.headers
    const sent = headers['x-request-id']
    if (sent !== undefined && !(typeof sent === 'string' && ACCEPTED_REQUEST_ID.test(sent))) {
      delete headers['x-request-id']
      // The request's logger was made with the id as sent, before any middleware ran.
      ctx.logger = logger.child({ request_id: ctx.request.id() })
    }
    ctx.response.header('X-Request-Id', ctx.request.id() ?? '')
    try {
      await next()
    } finally {
      const durationMs = Number(process.hrtime.bigint() - startedAt) / 1e6
      ctx.logger.info(
        {
          method: ctx.request.method(),
          path: ctx.request.url(),
          status: ctx.response.getStatus(),
          durationMs: Math.round(durationMs * 10) / 10,
        },
        'request completed'
      )
    }
  }
}
