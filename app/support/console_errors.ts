import type { HttpContext } from '@adonisjs/core/http'
import type { ErrorDescription } from '#exceptions/describe_error'

/**
 * Errors on the admin console: a missing session goes to the sign-in page; anything else is an
 * HTML page in the console's layout with the status and the client-safe message.
 */
export async function renderConsoleError(description: ErrorDescription, ctx: HttpContext) {
  if (description.status === 401) {
    return ctx.response.redirect('/admin/login')
  }
  ctx.response.status(description.status)
  const page = description.status === 404 ? 'pages/errors/not_found' : 'pages/errors/error'
  try {
    return ctx.response.send(await ctx.view.render(page, { error: description }))
  } catch {
    ctx.response.header('Content-Type', 'text/html; charset=utf-8')
    return ctx.response.send(
      `<!doctype html><title>${description.status}</title><p>${description.status}</p>`
    )
  }
}
