import { symbols, errors } from '@adonisjs/auth'
import type { AuthClientResponse, GuardContract } from '@adonisjs/auth/types'
import type { HttpContext } from '@adonisjs/core/http'
import type User from '#models/user'
import type { TokenService } from '#services/accounts/token_service'
import { DomainError } from '#exceptions/domain_error'
import { isDatabaseUnavailable } from '#support/db_errors'

/**
 * The `api` guard: reads `Authorization: Bearer <jwt>` and hands the token to the TokenService,
 * which verifies it (HS256 only) and checks the account's active flag and token version.
 */
export class JwtGuard implements GuardContract<User> {
  declare [symbols.GUARD_KNOWN_EVENTS]: {}

  readonly driverName = 'jwt' as const

  authenticationAttempted = false

  isAuthenticated = false

  user?: User

  /** The refresh-token family the access token belongs to, when it came from a login. */
  sessionId?: string

  #ctx: HttpContext

  #tokens: TokenService

  constructor(ctx: HttpContext, tokens: TokenService) {
    this.#ctx = ctx
    this.#tokens = tokens
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

    const header = this.#ctx.request.header('authorization')
    const match = header?.match(/^Bearer\s+(\S+)$/i)
    if (!match) {
      throw new errors.E_UNAUTHORIZED_ACCESS('Authentication is required', {
        guardDriverName: this.driverName,
      })
    }

    const { user, sessionId } = await this.#tokens.authenticate(match[1])
    this.user = user
    this.sessionId = sessionId
    this.isAuthenticated = true
    return this.user
  }

  /**
   * False when the request carries no bearer token. A token that is present but refused throws
   * its own error (expired, revoked, invalid, account deactivated): the auth middleware turns any
   * `false` into a bare 401, and the client must learn why, e.g. 403 for a deactivated account.
   */
  async check(): Promise<boolean> {
    try {
      await this.authenticate()
      return true
    } catch (error) {
      // A database that cannot be reached says nothing about the token: 503, not 401.
      if (error instanceof DomainError || isDatabaseUnavailable(error)) throw error
      return false
    }
  }

  async authenticateAsClient(user: User): Promise<AuthClientResponse> {
    return { headers: { authorization: `Bearer ${await this.#tokens.accessTokenFor(user)}` } }
  }
}
