import { inject } from '@adonisjs/core'
import hash from '@adonisjs/core/services/hash'
import { safeTiming } from '@adonisjs/core/helpers'
import limiter from '@adonisjs/limiter/services/main'
import { errors as limiterErrors } from '@adonisjs/limiter'
import User from '#models/user'
import { storedTypesFor, type LoginType } from '#enums/user_type'
import {
  AccountDeactivated,
  EmailNotVerified,
  InvalidCredentials,
} from '#exceptions/account_errors'
import { TokenService, type IssuedTokens } from '#services/accounts/token_service'
import { recordSecurityEvent } from '#services/system/security_events'
import { normalizeEmail } from '#support/email_address'
import type { Actor, Caller } from '#support/actor'

/** Login input. */
export interface LoginInput {
  email: string
  password: string
  userType: LoginType
}

/** Which front door a sign-in came through, as the security events report it. */
export type SignInChannel = 'api' | 'console'

/** Every credential check takes at least this long, so a miss and a wrong password look alike. */
const MINIMUM_LOGIN_MS = 250

/**
 * Login attempts: 5 per (e-mail, type) and 50 per client address in a 15-minute window that
 * starts with the first attempt and that no later attempt extends, so the rightful owner is never
 * locked out for longer than 15 minutes. Every attempt is counted before the password is checked
 * (parallel requests cannot outrun the count); a successful one gives its attempt back.
 */
const perAccount = () => limiter.use({ requests: 5, duration: '15 minutes' })
const perAddress = () => limiter.use({ requests: 50, duration: '15 minutes' })

let dummyHash: Promise<string> | undefined

/**
 * Sign-in. Unknown e-mail, wrong type and wrong password give the same 401 in about the same
 * time; only after the right password does the caller learn the account is unverified or
 * deactivated. Attempts are throttled per account and per client address.
 */
@inject()
export class AuthenticationService {
  constructor(protected tokens: TokenService) {}

  /** Checks the credentials and issues a token pair. */
  async login(caller: Caller, input: LoginInput): Promise<{ user: User; tokens: IssuedTokens }> {
    const user = await this.verifyCredentials(caller, input)
    return { user, tokens: await this.tokens.issue(user) }
  }

  /**
   * The account the credentials open, after the throttles and the verified/active checks. The
   * admin console signs in through this too, so both front doors share every rule and message.
   */
  async verifyCredentials(
    { clientAddress }: Caller,
    input: LoginInput,
    channel: SignInChannel = 'api'
  ): Promise<User> {
    const email = normalizeEmail(input.email)
    const accountKey = `login_${input.userType}_${email}`
    const addressKey = `login_ip_${clientAddress}`
    const event = { actorId: null, clientAddress, userType: input.userType, channel }

    try {
      await this.#countAttempt(accountKey, addressKey)
    } catch (error) {
      if (error instanceof limiterErrors.E_TOO_MANY_REQUESTS) {
        const [account] = await this.#accountsFor(email, input.userType)
        recordSecurityEvent('login.throttled', { ...event, targetId: account?.id ?? null })
      }
      throw error
    }

    const { user, tried } = await safeTiming(MINIMUM_LOGIN_MS, () =>
      this.#matchingAccount(email, input)
    )
    if (!user) {
      recordSecurityEvent('login.failed', { ...event, targetId: tried?.id ?? null })
      throw new InvalidCredentials()
    }
    await perAccount().delete(accountKey)
    await perAddress().decrement(addressKey)

    if (!user.isVerified) throw new EmailNotVerified()
    if (!user.isActive) throw new AccountDeactivated()

    if (hash.needsReHash(user.password)) {
      user.password = await hash.make(input.password)
      await user.save()
    }
    return user
  }

  /**
   * The first step of a console sign-in: the same checks as `login`, recorded as the console's.
   * The session is opened by the caller, after the second factor when the account has one
   * (`recordConsoleSignIn` then).
   */
  async checkConsolePassword(
    caller: Caller,
    input: { email: string; password: string }
  ): Promise<User> {
    return this.verifyCredentials(caller, { ...input, userType: 'admin' }, 'console')
  }

  /** Records a console session opened, and with which second factor (null: none asked). */
  recordConsoleSignIn(caller: Caller, user: User, secondFactor: string | null): void {
    recordSecurityEvent('console.signed_in', {
      actorId: user.id,
      targetId: user.id,
      clientAddress: caller.clientAddress,
      secondFactor,
    })
  }

  /** Records the end of a console session (the session itself is ended by the caller). */
  recordConsoleSignOut(actor: Actor): void {
    recordSecurityEvent('console.signed_out', {
      actorId: actor.user.id,
      targetId: actor.user.id,
      clientAddress: actor.clientAddress,
    })
  }

  /** Rotates a refresh token into a new pair. */
  async refresh(caller: Caller, refreshToken: string): Promise<IssuedTokens> {
    return this.tokens.refresh(caller, refreshToken)
  }

  /** Ends the actor's current session (and the one of `refreshToken`, when given). */
  async logout(actor: Actor, sessionId: string | undefined, refreshToken?: string): Promise<void> {
    await this.tokens.endSessions(actor.user, sessionId, refreshToken)
  }

  /**
   * Takes one attempt from the address and one from the account, or refuses with the limiter's
   * 429. An attempt the account throttle refuses is given back to the address: it was never
   * checked, and a locked account must not also lock everyone behind the same address.
   */
  async #countAttempt(accountKey: string, addressKey: string) {
    await perAddress().consume(addressKey)
    try {
      await perAccount().consume(accountKey)
    } catch (error) {
      await perAddress().decrement(addressKey)
      throw error
    }
  }

  #accountsFor(email: string, userType: LoginType) {
    return User.query().where('email', email).whereIn('user_type', storedTypesFor(userType))
  }

  /**
   * The account whose password matches (`user`), and the account that was tried (`tried`, for
   * the security log). Hashes a dummy when no account exists, so a miss costs the same.
   */
  async #matchingAccount(
    email: string,
    input: LoginInput
  ): Promise<{ user: User | null; tried: User | null }> {
    const candidates = await this.#accountsFor(email, input.userType)
    if (candidates.length === 0) {
      dummyHash ??= hash.make('not-a-real-password-0000')
      await hash.verify(await dummyHash, input.password)
      return { user: null, tried: null }
    }
    for (const candidate of candidates) {
      if (await hash.verify(candidate.password, input.password)) {
        return { user: candidate, tried: candidate }
      }
    }
    return { user: null, tried: candidates[0] }
  }
}
