import type { HttpContext } from '@adonisjs/core/http'
import type { ErrorDescription } from '#exceptions/describe_error'
import { labelledMessage, labelsOfRoute } from '#controllers/admin/form_labels'

/**
 * Where to send the browser back to: the console page it came from, never a foreign address
 * (the Referer header is client input).
 */
export function consolePageToReturnTo(referer: string | undefined): string {
  if (!referer) return '/admin'
  try {
    const { pathname, search } = new URL(referer, 'http://console.invalid')
    return pathname === '/admin' || pathname.startsWith('/admin/')
      ? `${pathname}${search}`
      : '/admin'
  } catch {
    return '/admin'
  }
}

/** Form fields never sent back to the browser after a refused submission. */
const NEVER_KEPT = ['_csrf', 'password', 'oldPassword', 'newPassword']

/**
 * Errors on the admin console. A missing or ended session goes to the sign-in page. A refused
 * form submission goes back to the form with the user's input kept, each field's message (naming
 * fields by the labels on the page, `FORM_LABELS`) next to it, and the reason as a flash message
 * that lists every one of them. A page that does not exist, or a fault, renders an HTML
 * page in the console's layout (never a stack trace).
 */
export async function renderConsoleError(description: ErrorDescription, ctx: HttpContext) {
  const { request, response } = ctx
  const session = 'session' in ctx ? ctx.session : undefined

  const isSubmission = request.method() !== 'GET' && request.method() !== 'HEAD'

  // The passkey pages' script asks in JSON (Accept: application/json) and shows the message.
  if (request.header('accept') === 'application/json') {
    response.status(description.status)
    return response.json({ error: { code: description.code, message: description.message } })
  }

  if (description.code === 'UNAUTHORIZED') {
    if (session && isSubmission) session.flash('error', 'Your session has ended. Sign in again.')
    return response.redirect().toRoute('console.login')
  }

  if (session && isSubmission && description.status < 500) {
    session.flashExcept(NEVER_KEPT)
    if (description.fields?.length) {
      const labels = labelsOfRoute(ctx.route?.name)
      const bag: Record<string, string[]> = {}
      for (const { field, message } of description.fields) {
        ;(bag[field] ??= []).push(labelledMessage(message, labels))
      }
      session.flash('inputErrorsBag', bag)
      // Every message at once at the top of the page, also for a field the form does not show.
      session.flash('errorSummary', Object.values(bag).flat())
    }
    session.flash('error', description.message)
    return response.redirect(consolePageToReturnTo(request.header('referer')))
  }

  response.status(description.status)
  const page = description.status === 404 ? 'pages/errors/not_found' : 'pages/errors/error'
  try {
    return response.send(await ctx.view.render(page, { error: description }))
  } catch {
    response.header('Content-Type', 'text/html; charset=utf-8')
    return response.send(
      `<!doctype html><title>Error ${description.status}</title><h1>Error ${description.status}</h1>`
    )
  }
}
