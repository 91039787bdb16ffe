import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'

/**
 * Echoes the request id as `X-Request-Id` and writes one structured access-log line per request.
 * Only the path is logged: query strings may carry passwords and codes.
 */
export default class RequestContextMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    const startedAt = process.hrtime.bigint()
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
