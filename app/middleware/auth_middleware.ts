import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import type { Authenticators } from '@adonisjs/auth/types'
import type { ApiKeyScope } from '#enums/api_key_scope'
import { ApiKeyNotAccepted, ApiKeyScopeMissing } from '#exceptions/integration_errors'
import { API_KEY_MARK } from '#services/integrations/api_key_service'

/**
 * Requires an authenticated user on the given guards (the `api` JWT guard by default). A route
 * that names a `scope` also takes an API key (`Bearer sk_…`, the `apiKey` guard) that holds that
 * scope; every other route refuses a key with a 403, whatever its scopes, so a key never reaches
 * account routes (the console takes only its session cookie).
 */
export default class AuthMiddleware {
  async handle(
    ctx: HttpContext,
    next: NextFn,
    options: { guards?: (keyof Authenticators)[]; scope?: ApiKeyScope } = {}
  ) {
    const bearer = ctx.request.header('authorization')?.match(/^Bearer\s+(\S+)$/i)?.[1]
    if (bearer?.startsWith(API_KEY_MARK)) {
      if (!options.scope) throw new ApiKeyNotAccepted()
      await ctx.auth.authenticateUsing(['apiKey'])
      if (!ctx.auth.use('apiKey').scopes.includes(options.scope)) throw new ApiKeyScopeMissing()
      return next()
    }
    await ctx.auth.authenticateUsing(options.guards)
    return next()
  }
}
