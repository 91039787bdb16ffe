import db from '@adonisjs/lucid/services/db'
import hash from '@adonisjs/core/services/hash'
import User from '#models/user'
import tokensConfig from '#config/tokens'
import { CodePurpose } from '#enums/code_purpose'
import { loginTypeOf, storedTypesFor, type LoginType } from '#enums/user_type'
import {
  InvalidCurrentPassword,
  InvalidOtp,
  PasswordUnchanged,
  WeakPassword,
} from '#exceptions/account_errors'
import { passwordProblem } from '#services/accounts/password_rules'
import { OneTimeCodeService } from '#services/accounts/one_time_code_service'
import { TokenService } from '#services/accounts/token_service'
import { OutboxService } from '#services/mail/outbox_service'
import { sqlTime } from '#support/sql_time'

/** Reset input; the e-mail is already trimmed and lower-cased. */
export interface ResetPasswordInput {
  email: string
  otp: string
  newPassword: string
  userType?: LoginType
}

function assertAllowed(password: string, email: string, field: string) {
  const problem = passwordProblem(password, email)
  if (problem) throw new WeakPassword(problem, { fields: [{ field, message: problem }] })
}

/** Forgotten-password codes, password reset and password change. Each change ends every session. */
export class PasswordService {
  #codes = new OneTimeCodeService()
  #tokens = new TokenService()
  #outbox = new OutboxService()

  /**
   * Queues one e-mail with a reset code for each matching account of the address. Answers the
   * same way whether or not an account exists, and silently skips accounts whose resend limit
   * is reached, so the response never reveals anything.
   */
  async requestReset(email: string, userType?: LoginType): Promise<void> {
    const query = User.query().where('email', email)
    if (userType) query.whereIn('user_type', storedTypesFor(userType))
    const accounts = await query.orderBy('user_type')

    const eligible: User[] = []
    for (const account of accounts) {
      if (await this.#codes.mayIssue(account, CodePurpose.PASSWORD_RESET)) eligible.push(account)
    }
    if (eligible.length === 0) return

    await db.transaction(async (trx) => {
      const codes = []
      for (const account of eligible) {
        const code = await this.#codes.issue(account, CodePurpose.PASSWORD_RESET, trx)
        codes.push({ userType: loginTypeOf(account.userType), code })
      }
      await this.#outbox.enqueue(trx, 'password_reset', {
        email,
        codes,
        ttlMinutes: tokensConfig.otpTtlMinutes,
      })
    })
  }

  /** Sets a new password with a reset code; the code picks the account among the address's. */
  async reset(input: ResetPasswordInput): Promise<void> {
    const query = User.query().where('email', input.email)
    if (input.userType) query.whereIn('user_type', storedTypesFor(input.userType))
    const accounts = await query
    if (accounts.length === 0) throw new InvalidOtp()
    assertAllowed(input.newPassword, input.email, 'newPassword')
    const passwordHash = await hash.make(input.newPassword)

    const done = await db.transaction(async (trx) => {
      for (const account of accounts) {
        if (!(await this.#codes.consume(account, CodePurpose.PASSWORD_RESET, input.otp, trx)))
          continue
        await trx
          .from('users')
          .where('id', account.id)
          .update({ password: passwordHash, updated_at: sqlTime() })
        await trx
          .from('users')
          .where('id', account.id)
          .whereNull('email_verified_at')
          .update({ email_verified_at: sqlTime() })
        await this.#tokens.revokeAll(account, trx)
        return true
      }
      return false
    })
    if (!done) throw new InvalidOtp()
  }

  /** Changes the signed-in user's password after checking the current one. */
  async change(user: User, oldPassword: string, newPassword: string): Promise<void> {
    if (!(await hash.verify(user.password, oldPassword))) throw new InvalidCurrentPassword()
    if (oldPassword === newPassword) throw new PasswordUnchanged()
    assertAllowed(newPassword, user.email, 'newPassword')
    const passwordHash = await hash.make(newPassword)
    await db.transaction(async (trx) => {
      await trx
        .from('users')
        .where('id', user.id)
        .update({ password: passwordHash, updated_at: sqlTime() })
      await this.#tokens.revokeAll(user, trx)
    })
  }
}
