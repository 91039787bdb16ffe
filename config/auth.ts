import { defineConfig } from '@adonisjs/auth'
import { sessionGuard, sessionUserProvider } from '@adonisjs/auth/session'
import type { InferAuthenticators, InferAuthEvents, Authenticators } from '@adonisjs/auth/types'
import type { HttpContext } from '@adonisjs/core/http'
import { JwtGuard } from '#guards/jwt_guard'
import { ApiKeyGuard } from '#guards/api_key_guard'

/**
 * `api`: bearer JWTs for the JSON API. `apiKey`: integrators' API keys (`Bearer sk_…`), on the
 * admin routes that name a scope only (app/middleware/auth_middleware.ts). `web`: the admin
 * console's session cookie.
 */
const authConfig = defineConfig({
  default: 'api',
  guards: {
    // The guard's TokenService comes from the container, as every service's collaborators do;
    // imported lazily so that reading the configuration loads no model.
    api: {
      async resolver(_name, app) {
        const { TokenService } = await import('#services/accounts/token_service')
        const tokens = await app.container.make(TokenService)
        return (ctx: HttpContext) => new JwtGuard(ctx, tokens)
      },
    },
    apiKey: {
      async resolver(_name, app) {
        const { ApiKeyService } = await import('#services/integrations/api_key_service')
        const keys = await app.container.make(ApiKeyService)
        return (ctx: HttpContext) => new ApiKeyGuard(ctx, keys)
      },
    },
    web: sessionGuard({
      useRememberMeTokens: false,
      provider: sessionUserProvider({ model: () => import('#models/user') }),
    }),
  },
})

export default authConfig

declare module '@adonisjs/auth/types' {
  export interface Authenticators extends InferAuthenticators<typeof authConfig> {}
}
declare module '@adonisjs/core/types' {
  interface EventsList extends InferAuthEvents<Authenticators> {}
}
