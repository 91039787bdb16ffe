import { Bouncer } from '@adonisjs/bouncer'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { policies } from '#policies/main'

/**
 * Creates the request's Bouncer with the authenticated user (if any) and the policies, the one
 * gate of API and console routes (no abilities). Its template helpers are shared only on console
 * pages (`share_view_helpers_middleware`).
 */
export default class InitializeBouncerMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    ctx.bouncer = new Bouncer(() => ctx.auth.user || null, undefined, policies)
    ctx.bouncer.setContainerResolver(ctx.containerResolver)
    return next()
  }
}

declare module '@adonisjs/core/http' {
  export interface HttpContext {
    bouncer: Bouncer<Exclude<HttpContext['auth']['user'], undefined>, undefined, typeof policies>
  }
}
