import { inject } from '@adonisjs/core'
import type { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import hash from '@adonisjs/core/services/hash'
import { safeTiming } from '@adonisjs/core/helpers'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import limiter from '@adonisjs/limiter/services/main'
import User from '#models/user'
import tokensConfig from '#config/tokens'
import { CodePurpose } from '#enums/code_purpose'
import { loginTypeOf, storedTypesFor, type LoginType } from '#enums/user_type'
import {
  InvalidCurrentPassword,
  InvalidOtp,
  PasswordUnchanged,
  TooManyCodeRequests,
  WeakPassword,
} from '#exceptions/account_errors'
import { passwordProblem } from '#services/accounts/password_rules'
import { OneTimeCodeService } from '#services/accounts/one_time_code_service'
import { TokenService } from '#services/accounts/token_service'
import { OutboxService } from '#services/mail/outbox_service'
import { sqlTime } from '#support/sql_time'
import { normalizeEmail } from '#support/email_address'
import { recordSecurityEvent } from '#services/system/security_events'
import type { Actor, Caller } from '#support/actor'

/** Reset input. */
export interface ResetPasswordInput {
  email: string
  otp: string
  newPassword: string
  userType?: LoginType
}

/** The signed-in account's current password and the one to replace it. */
export interface PasswordChange {
  oldPassword: string
  newPassword: string
}

/**
 * Wrong current passwords on change-password: 5 per account in 15 minutes, so a stolen access
 * token cannot be used to guess the password it was issued for. Each try is counted before the
 * password is checked and given back when it was right.
 */
const wrongCurrentPasswords = () => limiter.use({ requests: 5, duration: '15 minutes' })
const currentPasswordKey = (user: User) => `change_password_${user.id}`

/**
 * A reset request takes at least this long whether or not the address has accounts (queuing
 * codes for existing ones is work an unknown address does not cause), so its timing does not
 * tell whether an address is registered.
 */
const MINIMUM_RESET_REQUEST_MS = 250

function assertAllowed(password: string, email: string, field: string) {
  const problem = passwordProblem(password, email)
  if (problem) throw new WeakPassword(problem, { fields: [{ field, message: problem }] })
}

/**
 * Forgotten-password codes, password reset and password change. Each change ends every session,
 * mails the account a notice (queued in the same transaction) and is recorded as a security event.
 */
@inject()
export class PasswordService {
  constructor(
    protected codes: OneTimeCodeService,
    protected tokens: TokenService,
    protected outbox: OutboxService
  ) {}

  /**
   * Queues one e-mail with a reset code for each matching account of the address. Answers the
   * same way, in about the same time, whether or not an account exists, and silently skips
   * accounts whose resend limit is reached, so the response never reveals anything.
   */
  async requestReset(email: string, userType?: LoginType): Promise<void> {
    await safeTiming(MINIMUM_RESET_REQUEST_MS, () =>
      this.#queueResetCodes(normalizeEmail(email), userType)
    )
  }

  /** Sets a new password with a reset code; the code picks the account among the address's. */
  async reset({ clientAddress }: Caller, input: ResetPasswordInput): Promise<void> {
    const email = normalizeEmail(input.email)
    // The password is judged and hashed before any lookup, so neither the answer nor its timing
    // tells whether the address has an account.
    assertAllowed(input.newPassword, email, 'newPassword')
    const passwordHash = await hash.make(input.newPassword)

    const query = User.query().where('email', email)
    if (input.userType) query.whereIn('user_type', storedTypesFor(input.userType))
    const accounts = await query

    const owner = await db.transaction(async (trx) => {
      const account = await this.codes.consume(accounts, CodePurpose.PASSWORD_RESET, input.otp, trx)
      if (!account) return null
      await trx
        .from('users')
        .where('id', account.id)
        .update({ password: passwordHash, updated_at: sqlTime() })
      await trx
        .from('users')
        .where('id', account.id)
        .whereNull('email_verified_at')
        .update({ email_verified_at: sqlTime() })
      await this.tokens.revokeAll(account, trx)
      await this.#queueChangeNotice(account, 'reset', trx)
      return account
    })
    if (!owner) throw new InvalidOtp()
    recordSecurityEvent('password.reset', { actorId: null, targetId: owner.id, clientAddress })
  }

  /**
   * Checks the signed-in account's current password, as every route that asks for it again does
   * (change-password, erasure: docs/api/privacy.md), under one throttle: the wrong guesses of
   * both count together, so a stolen access token gets five guesses in all, not five per route.
   */
  async confirmCurrent(user: User, password: string): Promise<void> {
    const key = currentPasswordKey(user)
    const throttle = wrongCurrentPasswords()
    await throttle.consume(key)
    if (!(await hash.verify(user.password, password))) throw new InvalidCurrentPassword()
    await throttle.decrement(key)
  }

  /** Changes the actor's own password after checking the current one. */
  async change(
    { user, clientAddress }: Actor,
    { oldPassword, newPassword }: PasswordChange
  ): Promise<void> {
    await this.confirmCurrent(user, oldPassword)

    if (oldPassword === newPassword) throw new PasswordUnchanged()
    assertAllowed(newPassword, user.email, 'newPassword')
    const passwordHash = await hash.make(newPassword)

    const changed = await db.transaction(async (trx) => {
      // Compare-and-set on the hash just verified: of two changes racing with the same current
      // password, one wins and the other is told the current password no longer matches.
      const updated = await trx
        .from('users')
        .where('id', user.id)
        .where('password', user.password)
        .update({ password: passwordHash, updated_at: sqlTime() })
      if (Number(updated) !== 1) return false
      await this.tokens.revokeAll(user, trx)
      await this.#queueChangeNotice(user, 'change', trx)
      return true
    })
    if (!changed) throw new InvalidCurrentPassword()
    await wrongCurrentPasswords().delete(currentPasswordKey(user))
    recordSecurityEvent('password.changed', { actorId: user.id, targetId: user.id, clientAddress })
  }

  async #queueResetCodes(email: string, userType?: LoginType) {
    const query = User.query().where('email', email)
    if (userType) query.whereIn('user_type', storedTypesFor(userType))
    const accounts = await query.orderBy('user_type')
    if (accounts.length === 0) return

    await db.transaction(async (trx) => {
      const codes = []
      let expiresAt: DateTime | undefined
      for (const account of accounts) {
        try {
          const issued = await this.codes.issue(account, CodePurpose.PASSWORD_RESET, trx)
          codes.push({ userType: loginTypeOf(account.userType), code: issued.code })
          // The mail is worth sending only while every code in it still works.
          if (!expiresAt || issued.expiresAt < expiresAt) expiresAt = issued.expiresAt
        } catch (error) {
          // This account's resend limit is reached; a 429 here would reveal that it exists.
          if (error instanceof TooManyCodeRequests) continue
          throw error
        }
      }
      if (!expiresAt) return
      await this.outbox.enqueue(
        trx,
        'password_reset',
        { email, ttlMinutes: tokensConfig.otpTtlMinutes },
        { fields: { codes }, expiresAt }
      )
    })
  }

  /** "Your password was changed", to the account's address, with the change's transaction. */
  async #queueChangeNotice(account: User, via: 'change' | 'reset', trx: TransactionClientContract) {
    await this.outbox.enqueue(trx, 'password_changed', {
      email: account.email,
      accountType: loginTypeOf(account.userType),
      via,
      changedAt: new Date().toISOString(),
    })
  }
}
