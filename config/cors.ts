import env from '#start/env'
import { defineConfig } from '@adonisjs/cors'
import { parseCorsOrigins } from '#support/cors_origins'
import { responseStyleFor } from '#support/response_style'

/**
 * Cross-origin access for storefront pages served from `origins`; with none, no other origin
 * gets any. The API authenticates with bearer tokens, never cookies, so credentials are not
 * allowed; the admin console is same-origin only and never answers another origin.
 */
export function corsConfigFor(origins: string[]) {
  return defineConfig({
    enabled: (ctx) => {
      if (origins.length === 0 || responseStyleFor(ctx.request.url()) === 'console') return false
      // The answer depends on the Origin header: shared caches must not serve one origin's
      // answer to another (the package does not say so itself).
      ctx.response.vary('Origin')
      return true
    },
    origin: origins,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'],
    headers: ['Accept', 'Authorization', 'Content-Type', 'Idempotency-Key', 'X-Request-Id'],
    exposeHeaders: ['Idempotent-Replayed', 'Retry-After', 'X-Request-Id'],
    credentials: false,
    maxAge: 600,
  })
}

/** The origins of `CORS_ORIGINS` (none by default). */
const corsConfig = corsConfigFor(parseCorsOrigins(env.get('CORS_ORIGINS')))

export default corsConfig
