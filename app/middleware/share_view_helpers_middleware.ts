import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { FORM_LABELS } from '#controllers/admin/form_labels'
import { addressLines } from '#support/address_lines'

/**
 * Shares the authenticator, Bouncer's `@can` helpers and the forms' field labels (`formLabels`,
 * which refused submissions' messages use too) and `addressLines` (an address in its country's
 * order) with the console's templates. Only the
 * routes that render pages take it: creating the request's Edge renderer is costly, so the API
 * never does (docs/performance.md, "Profile").
 */
export default class ShareViewHelpersMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    ctx.view.share({
      auth: ctx.auth,
      ...ctx.bouncer.edgeHelpers,
      formLabels: FORM_LABELS,
      addressLines,
    })
    return next()
  }
}
