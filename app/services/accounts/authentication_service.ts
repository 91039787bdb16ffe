import hash from '@adonisjs/core/services/hash'
import { safeTiming } from '@adonisjs/core/helpers'
import limiter from '@adonisjs/limiter/services/main'
import User from '#models/user'
import { storedTypesFor, type LoginType } from '#enums/user_type'
import {
  AccountDeactivated,
  EmailNotVerified,
  InvalidCredentials,
} from '#exceptions/account_errors'
import { TokenService, type IssuedTokens } from '#services/accounts/token_service'

/** Login input; the e-mail is already trimmed and lower-cased. */
export interface LoginInput {
  email: string
  password: string
  userType: LoginType
}

/** Every credential check takes at least this long, so a miss and a wrong password look alike. */
const MINIMUM_LOGIN_MS = 250

/** Failed logins: 5 per (e-mail, type) and 50 per client address in a 15-minute window, which no failure extends. */
const perAccount = () => limiter.use({ requests: 5, duration: '15 minutes' })
const perAddress = () => limiter.use({ requests: 50, duration: '15 minutes' })

let dummyHash: Promise<string> | undefined

/**
 * Sign-in. Unknown e-mail, wrong type and wrong password give the same 401 in about the same
 * time; only after the right password does the caller learn the account is unverified or
 * deactivated. Failures are throttled per account and per client address.
 */
export class AuthenticationService {
  #tokens = new TokenService()

  /** Checks the credentials and issues a token pair. */
  async login(
    input: LoginInput,
    clientAddress: string
  ): Promise<{ user: User; tokens: IssuedTokens }> {
    const user = await this.verifyCredentials(input, clientAddress)
    return { user, tokens: await this.#tokens.issue(user) }
  }

  /**
   * The account the credentials open, after the throttles and the verified/active checks. The
   * admin console signs in through this too, so both front doors share every rule and message.
   */
  async verifyCredentials(input: LoginInput, clientAddress: string): Promise<User> {
    const accountKey = `login_${input.userType}_${input.email}`
    const addressKey = `login_ip_${clientAddress}`
    await this.#refuseWhenBlocked(accountKey, addressKey)

    const user = await safeTiming(MINIMUM_LOGIN_MS, () => this.#matchingAccount(input))
    if (!user) {
      await perAccount().increment(accountKey)
      await perAddress().increment(addressKey)
      throw new InvalidCredentials()
    }
    await perAccount().delete(accountKey)

    if (!user.isVerified) throw new EmailNotVerified()
    if (!user.isActive) throw new AccountDeactivated()

    if (hash.needsReHash(user.password)) {
      user.password = await hash.make(input.password)
      await user.save()
    }
    return user
  }

  /** Rotates a refresh token into a new pair. */
  async refresh(refreshToken: string): Promise<IssuedTokens> {
    return this.#tokens.refresh(refreshToken)
  }

  /** Ends the current session (and the one of `refreshToken`, when given). */
  async logout(user: User, sessionId: string | undefined, refreshToken?: string): Promise<void> {
    await this.#tokens.endSessions(user, sessionId, refreshToken)
  }

  async #refuseWhenBlocked(accountKey: string, addressKey: string) {
    for (const [store, key] of [
      [perAccount(), accountKey],
      [perAddress(), addressKey],
    ] as const) {
      if ((await store.remaining(key)) <= 0) {
        await store.consume(key)
      }
    }
  }

  /** The account whose password matches, hashing a dummy when none exists (same cost). */
  async #matchingAccount(input: LoginInput): Promise<User | null> {
    const candidates = await User.query()
      .where('email', input.email)
      .whereIn('user_type', storedTypesFor(input.userType))
    if (candidates.length === 0) {
      dummyHash ??= hash.make('not-a-real-password-0000')
      await hash.verify(await dummyHash, input.password)
      return null
    }
    for (const candidate of candidates) {
      if (await hash.verify(candidate.password, input.password)) return candidate
    }
    return null
  }
}
