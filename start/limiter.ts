/*
| HTTP throttles, applied as route middleware. Limits that depend on the request's content (login
| per e-mail and type, code resends per account) are applied inside the account services instead.
*/
import limiter from '@adonisjs/limiter/services/main'

/** Catalog searches and listings allowed a minute per client address. */
export const CATALOG_SEARCHES_PER_MINUTE = 120

/** The public catalog list, limited per client address: a search scans the catalog. */
export const catalogSearchThrottle = limiter.define('catalog_search', (ctx) =>
  limiter
    .allowRequests(CATALOG_SEARCHES_PER_MINUTE)
    .every('1 minute')
    .usingKey(`catalog_${ctx.request.ip()}`)
)

/** Unauthenticated account operations that send mail or test codes: 30 a minute per address. */
export const authThrottle = limiter.define('auth', (ctx) =>
  limiter.allowRequests(30).every('1 minute').usingKey(`auth_${ctx.request.ip()}`)
)
