import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { urlFor } from '@adonisjs/core/services/url_builder'
import type User from '#models/user'
import { PasskeyRequestExpired, SignInExpired } from '#exceptions/two_factor_errors'
import {
  passkeyAssertionValidator,
  secondFactorCodeValidator,
} from '#validators/console_two_factor'
import { AuthenticationService } from '#services/accounts/authentication_service'
import { ConsoleTwoFactorService } from '#services/accounts/console_two_factor_service'
import { ConsolePasskeyService } from '#services/accounts/console_passkey_service'
import {
  CONSOLE_PENDING_SIGN_IN,
  PENDING_SIGN_IN_MS,
  openConsoleSession,
  type PendingSignIn,
} from '#middleware/console_auth_middleware'
import type { AuthenticationResponseJSON } from '@simplewebauthn/server'

/** Session key of the challenge of the passkey sign-in under way (used once). */
const SIGN_IN_CHALLENGE = 'consolePasskeySignInChallenge'

/**
 * The second step of a console sign-in: a code from the authenticator app, a recovery code, or
 * a passkey. It acts only for the account whose password the session accepted minutes ago, and
 * only while that account is still an active administrator with the same token version.
 */
@inject()
export default class SecondFactorController {
  constructor(
    protected authentication: AuthenticationService,
    protected twoFactor: ConsoleTwoFactorService,
    protected passkeys: ConsolePasskeyService
  ) {}

  async show(ctx: HttpContext) {
    const user = await this.#waitingUser(ctx)
    if (!user) {
      ctx.session.flash('error', new SignInExpired().message)
      return ctx.response.redirect().toRoute('console.login')
    }
    const status = await this.twoFactor.status({ user, clientAddress: ctx.caller.clientAddress })
    return ctx.view.render('pages/admin/login_verify', {
      hasTotp: status.totp,
      hasPasskeys: status.passkeys.length > 0,
    })
  }

  /** A code from the app or a recovery code. */
  async store(ctx: HttpContext) {
    const { caller, request, response, session } = ctx
    const user = await this.#pendingUser(ctx)
    const { code } = await request.validateUsing(secondFactorCodeValidator)
    const method = await this.twoFactor.verifyCode(caller, user, code)
    await openConsoleSession(ctx, user, true)
    this.authentication.recordConsoleSignIn(caller, user, method)
    if (method === 'recovery_code') {
      session.flash(
        'success',
        'You signed in with a recovery code, which is now used up. Check how many remain on the Security page.'
      )
    }
    return response.redirect().toRoute('console.dashboard')
  }

  /** The options of `navigator.credentials.get`, for the page's script. */
  async passkeyOptions(ctx: HttpContext) {
    const user = await this.#pendingUser(ctx)
    const options = await this.passkeys.authenticationOptions(user)
    ctx.session.put(SIGN_IN_CHALLENGE, options.challenge)
    return ctx.response.json(options)
  }

  /** The signed assertion; answers with where to go next. */
  async passkey(ctx: HttpContext) {
    const { caller, request, response, session } = ctx
    const user = await this.#pendingUser(ctx)
    const challenge = session.pull(SIGN_IN_CHALLENGE)
    if (typeof challenge !== 'string') throw new PasskeyRequestExpired()
    const { credential } = await request.validateUsing(passkeyAssertionValidator)
    await this.passkeys.authenticate(
      caller,
      user,
      challenge,
      credential as unknown as AuthenticationResponseJSON
    )
    await openConsoleSession(ctx, user, true)
    this.authentication.recordConsoleSignIn(caller, user, 'passkey')
    return response.json({ redirect: urlFor('console.dashboard') })
  }

  /** The account waiting for its second factor, or SIGN_IN_EXPIRED (and the wait forgotten). */
  async #pendingUser(ctx: HttpContext): Promise<User> {
    const user = await this.#waitingUser(ctx)
    if (!user) throw new SignInExpired()
    return user
  }

  /** The account whose password this session accepted less than 5 minutes ago, still as it was. */
  async #waitingUser({ session }: HttpContext): Promise<User | null> {
    const pending = session.get(CONSOLE_PENDING_SIGN_IN) as PendingSignIn | undefined
    const user =
      pending && Date.now() - pending.at < PENDING_SIGN_IN_MS
        ? await this.twoFactor.accountAwaitingSecondFactor(pending.userId, pending.tokenVersion)
        : null
    if (!user) session.forget(CONSOLE_PENDING_SIGN_IN)
    return user
  }
}
