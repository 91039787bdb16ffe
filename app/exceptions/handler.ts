import router from '@adonisjs/core/services/router'
import { ExceptionHandler, type HttpContext } from '@adonisjs/core/http'
import {
  describeError,
  FRAMEWORK_ERROR_DEFINITIONS,
  type ErrorDescription,
} from '#exceptions/describe_error'
import { errorEnvelope } from '#http/envelope'
import { problemDetails } from '#http/problem'
import { responseStyleFor } from '#support/response_style'
import { renderConsoleError } from '#support/console_errors'

const ALL_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']

/**
 * The one place errors become responses: the envelope on account and policy routes, problem
 * details everywhere else on the API, an HTML page or a redirect on the admin console.
 */
export default class HttpExceptionHandler extends ExceptionHandler {
  protected debug = false

  protected renderStatusPages = false

  async handle(error: unknown, ctx: HttpContext) {
    const description = this.#withMethodNotAllowed(describeError(error), ctx)
    const style = responseStyleFor(ctx.request.url())

    for (const [name, value] of Object.entries(description.headers ?? {})) {
      ctx.response.header(name, value)
    }

    if (style === 'console') {
      return renderConsoleError(description, ctx)
    }

    // The id the request context echoes as X-Request-Id and writes on every log line.
    const requestId = ctx.request.id() ?? ''
    ctx.response.status(description.status)
    if (style === 'envelope') {
      ctx.response.header('Cache-Control', 'no-store')
      return ctx.response.send(
        errorEnvelope(
          description.status,
          description.code,
          description.message,
          description.fields,
          requestId
        )
      )
    }

    ctx.response.header('Content-Type', 'application/problem+json; charset=utf-8')
    return ctx.response.send(
      JSON.stringify(
        problemDetails(
          description.status,
          description.code,
          description.message,
          description.fields,
          requestId
        )
      )
    )
  }

  async report(error: unknown, ctx: HttpContext) {
    if (describeError(error).status >= 500) {
      ctx.logger.error({ err: error }, 'request failed')
    }
  }

  /** A path that exists under another method answers 405 with `Allow`, not 404. */
  #withMethodNotAllowed(description: ErrorDescription, ctx: HttpContext): ErrorDescription {
    if (description.code !== 'ROUTE_NOT_FOUND') return description
    const url = ctx.request.url()
    const allowed = ALL_METHODS.filter((method) => router.match(url, method, false) !== null)
    if (allowed.length === 0) return description
    return {
      ...FRAMEWORK_ERROR_DEFINITIONS.methodNotAllowed,
      message: `${ctx.request.method()} is not allowed here`,
      headers: { Allow: allowed.join(', ') },
    }
  }
}
