import { symbols, errors } from '@adonisjs/auth'
import type { AuthClientResponse, GuardContract } from '@adonisjs/auth/types'
import type { HttpContext } from '@adonisjs/core/http'
import type User from '#models/user'
import type { ApiKeyScope } from '#enums/api_key_scope'
import type { ApiKeyService } from '#services/integrations/api_key_service'
import { DomainError } from '#exceptions/domain_error'
import { isDatabaseUnavailable } from '#support/db_errors'

/**
 * The `apiKey` guard: reads `Authorization: Bearer sk_…` and hands the key to the ApiKeyService,
 * which reads it again on every request (a revocation holds at once everywhere). Only the routes
 * that name a scope use it (app/middleware/auth_middleware.ts): a key never reaches the others.
 */
export class ApiKeyGuard implements GuardContract<User> {
  declare [symbols.GUARD_KNOWN_EVENTS]: {}

  readonly driverName = 'api_key' as const

  authenticationAttempted = false

  isAuthenticated = false

  user?: User

  /** What the key that authenticated the request may do. */
  scopes: ApiKeyScope[] = []

  keyId?: string

  #ctx: HttpContext

  #keys: ApiKeyService

  constructor(ctx: HttpContext, keys: ApiKeyService) {
    this.#ctx = ctx
    this.#keys = keys
  }

  getUserOrFail(): User {
    if (!this.user) {
      throw new errors.E_UNAUTHORIZED_ACCESS('Authentication is required', {
        guardDriverName: this.driverName,
      })
    }
    return this.user
  }

  async authenticate(): Promise<User> {
    if (this.authenticationAttempted) return this.getUserOrFail()
    this.authenticationAttempted = true
    const match = this.#ctx.request.header('authorization')?.match(/^Bearer\s+(sk_\S+)$/i)
    if (!match) {
      throw new errors.E_UNAUTHORIZED_ACCESS('Authentication is required', {
        guardDriverName: this.driverName,
      })
    }
    const key = await this.#keys.authenticate(match[1])
    this.user = key.user
    this.scopes = key.scopes
    this.keyId = key.keyId
    this.isAuthenticated = true
    return this.user
  }

  /** As the JWT guard: a refused key throws its own error; no key at all is `false`. */
  async check(): Promise<boolean> {
    try {
      await this.authenticate()
      return true
    } catch (error) {
      if (error instanceof DomainError || isDatabaseUnavailable(error)) throw error
      return false
    }
  }

  async authenticateAsClient(): Promise<AuthClientResponse> {
    throw new Error('API keys are created through the API, not by the test client')
  }
}
