import { HttpContext } from '@adonisjs/core/http'
import type { Actor, Caller } from '#support/actor'

/**
 * Adds `ctx.actor` (the authenticated account and its client address) and `ctx.caller` (the
 * client address alone) to every request: the shapes in which the acting user reaches a service
 * (app/support/actor.ts). Both are built on first read, from what the request already holds: no
 * query, nothing for a route that never asks.
 */
export default class ActorProvider {
  boot() {
    HttpContext.getter(
      'actor',
      function (this: HttpContext): Actor {
        return { user: this.auth.getUserOrFail(), clientAddress: this.request.ip() }
      },
      true
    )
    HttpContext.getter(
      'caller',
      function (this: HttpContext): Caller {
        return { clientAddress: this.request.ip() }
      },
      true
    )
  }
}

declare module '@adonisjs/core/http' {
  export interface HttpContext {
    /** The authenticated account and its client address; a 401 when no account signed in. */
    readonly actor: Actor
    /** The client address of whoever sent the request, signed in or not. */
    readonly caller: Caller
  }
}
