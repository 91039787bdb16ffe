/*
| HTTP throttles, applied as route middleware. Limits that depend on the request's content (login
| per e-mail and type, code resends per account) are applied inside the account services instead.
*/
import limiter from '@adonisjs/limiter/services/main'

/** Coupon lookups: 30 a minute per user, so codes cannot be enumerated. */
export const couponLookupThrottle = limiter.define('coupon_lookup', (ctx) =>
  limiter
    .allowRequests(30)
    .every('1 minute')
    .usingKey(`user_${ctx.auth.user?.id ?? ctx.request.ip()}`)
)

/** Unauthenticated account operations that send mail or test codes: 30 a minute per address. */
export const authThrottle = limiter.define('auth', (ctx) =>
  limiter.allowRequests(30).every('1 minute').usingKey(`auth_${ctx.request.ip()}`)
)
