import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
// The framework's middleware declares `ctx.auth`; only its type is taken.
import type {} from '@adonisjs/auth/initialize_auth_middleware'

/**
 * Gives every matched request its authenticator, as the framework's middleware does, without
 * sharing it with templates. The framework's version shares into `ctx.view`, which creates an
 * Edge renderer on every request, API calls included, and each new renderer lists every
 * component folder on disk (docs/performance.md, "Profile"). The console pages share what they
 * need in `share_view_helpers_middleware`.
 */
export default class InitializeAuthMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    const manager = await ctx.containerResolver.make('auth.manager')
    ctx.auth = manager.createAuthenticator(ctx)
    return next()
  }
}
