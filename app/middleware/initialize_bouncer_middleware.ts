import { Bouncer } from '@adonisjs/bouncer'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { policies } from '#policies/main'

/**
 * Creates the request's Bouncer with the authenticated user (if any) and the policies, the one
 * gate of API and console routes (no abilities). The policies take nothing from the container, so
 * Bouncer builds them with `new` instead of resolving each through it on every check (the API's
 * hot paths authorize on every request). Its template helpers are shared only on console pages
 * (`share_view_helpers_middleware`).
 */
export default class InitializeBouncerMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    ctx.bouncer = new Bouncer(() => ctx.auth.user || null, undefined, policies)
    return next()
  }
}

declare module '@adonisjs/core/http' {
  export interface HttpContext {
    bouncer: Bouncer<Exclude<HttpContext['auth']['user'], undefined>, undefined, typeof policies>
  }
}
