import type User from '#models/user'

/**
 * Whoever calls a service, signed in or not: the client's address as the trusted proxies name it
 * (`TRUST_PROXY`, config/app.ts), or null for work started on the command line. A service that
 * acts before there is an account (signing in, refreshing a token, resetting a password) takes
 * it first; `ctx.caller` on every request.
 */
export interface Caller {
  clientAddress: string | null
}

/**
 * The account a service acts for, and where its request came from: the first argument of every
 * service method that acts for someone, in API controllers, console controllers, commands and
 * the seeder alike. `ctx.actor` on an authenticated request (providers/actor_provider.ts); a
 * write also made with no account behind it (seeding) takes `Actor | null`.
 */
export interface Actor extends Caller {
  user: User
}

/** The actor of work started without a request (a command, the seeder): no client address. */
export function actorOf(user: User): Actor {
  return { user, clientAddress: null }
}
