import db from '@adonisjs/lucid/services/db'
import hash from '@adonisjs/core/services/hash'
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

/** Reset input; the e-mail is already trimmed and lower-cased. */
export interface ResetPasswordInput {
  email: string
  otp: string
  newPassword: string
  userType?: LoginType
}

/**
 * Wrong current passwords on change-password: 5 per account in 15 minutes, so a stolen access
 * token cannot be used to guess the password it was issued for.
 */
const wrongCurrentPasswords = () => limiter.use({ requests: 5, duration: '15 minutes' })

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
        try {
          const code = await this.#codes.issue(account, CodePurpose.PASSWORD_RESET, trx)
          codes.push({ userType: loginTypeOf(account.userType), code })
        } catch (error) {
          // A parallel request used the last allowance since mayIssue(); a 429 here would
          // reveal that the account exists.
          if (error instanceof TooManyCodeRequests) continue
          throw error
        }
      }
      if (codes.length === 0) return
      await this.#outbox.enqueue(trx, 'password_reset', {
        email,
        codes,
        ttlMinutes: tokensConfig.otpTtlMinutes,
      })
    })
  }

  /** Sets a new password with a reset code; the code picks the account among the address's. */
  async reset(input: ResetPasswordInput): Promise<void> {
    // The password is judged and hashed before any lookup, so neither the answer nor its timing
    // tells whether the address has an account.
    assertAllowed(input.newPassword, input.email, 'newPassword')
    const passwordHash = await hash.make(input.newPassword)

    const query = User.query().where('email', input.email)
    if (input.userType) query.whereIn('user_type', storedTypesFor(input.userType))
    const accounts = await query

    const owner = await db.transaction(async (trx) => {
      const account = await this.#codes.consume(
        accounts,
        CodePurpose.PASSWORD_RESET,
        input.otp,
        trx
      )
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
      await this.#tokens.revokeAll(account, trx)
      return account
    })
    if (!owner) throw new InvalidOtp()
  }

  /** Changes the signed-in user's password after checking the current one. */
  async change(user: User, oldPassword: string, newPassword: string): Promise<void> {
    const key = `change_password_${user.id}`
    const throttle = wrongCurrentPasswords()
    if ((await throttle.remaining(key)) <= 0) await throttle.consume(key)
    if (!(await hash.verify(user.password, oldPassword))) {
      await throttle.increment(key)
      throw new InvalidCurrentPassword()
    }
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
      await this.#tokens.revokeAll(user, trx)
      return true
    })
    if (!changed) throw new InvalidCurrentPassword()
    await throttle.delete(key)
  }
}
