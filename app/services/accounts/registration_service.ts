import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import hash from '@adonisjs/core/services/hash'
import User from '#models/user'
import tokensConfig from '#config/tokens'
import { UserType, loginTypeOf, type LoginType } from '#enums/user_type'
import { CodePurpose } from '#enums/code_purpose'
import { AccountExists, InvalidOtp, WeakPassword } from '#exceptions/account_errors'
import { passwordProblem } from '#services/accounts/password_rules'
import { OneTimeCodeService } from '#services/accounts/one_time_code_service'
import { OutboxService } from '#services/mail/outbox_service'
import { isUniqueViolation } from '#support/db_errors'
import { sqlTime } from '#support/sql_time'
import { normalizeEmail } from '#support/email_address'

/** Input of a public registration. */
export interface RegisterInput {
  email: string
  password: string
  userType: LoginType
}

/**
 * Public registration and e-mail verification. Registration can never produce a working admin:
 * an `admin` registration creates an inactive account awaiting a Super Admin's activation.
 */
@inject()
export class RegistrationService {
  constructor(
    protected codes: OneTimeCodeService,
    protected outbox: OutboxService
  ) {}

  /**
   * Creates the account and queues a verification code. For an account that exists but is not
   * verified yet, only a fresh code is sent (within the resend limits): the password is never
   * changed, or whoever registers the address first could set the password of an account its
   * owner is about to verify. An owner who forgot it uses forget-password, whose reset verifies.
   */
  async register(input: RegisterInput): Promise<User> {
    const email = normalizeEmail(input.email)
    const problem = passwordProblem(input.password, email)
    if (problem)
      throw new WeakPassword(problem, { fields: [{ field: 'password', message: problem }] })

    const userType =
      input.userType === 'admin' ? UserType.ADMIN : (input.userType.toUpperCase() as UserType)
    const passwordHash = await hash.make(input.password)

    try {
      return await db.transaction(async (trx) => {
        let user = await User.query({ client: trx })
          .where('email', email)
          .where('user_type', userType)
          .first()
        if (user?.isVerified) throw new AccountExists()

        if (!user) {
          const awaitingApproval = userType === UserType.ADMIN
          user = await User.create(
            {
              email,
              userType,
              password: passwordHash,
              emailVerifiedAt: null,
              isActive: !awaitingApproval,
              awaitingApproval,
              tokenVersion: 0,
            },
            { client: trx }
          )
        }

        const { code, expiresAt } = await this.codes.issue(
          user,
          CodePurpose.EMAIL_VERIFICATION,
          trx
        )
        await this.outbox.enqueue(
          trx,
          'verification_code',
          {
            email: user.email,
            ttlMinutes: tokensConfig.otpTtlMinutes,
            accountType: loginTypeOf(user.userType),
          },
          { fields: { code }, expiresAt }
        )
        return user
      })
    } catch (error) {
      if (isUniqueViolation(error)) throw new AccountExists()
      throw error
    }
  }

  /** Marks the account's e-mail verified with a verification code; repeating it is harmless. */
  async verifyEmail(userId: string, code: string): Promise<void> {
    const user = await User.find(userId)
    if (!user) throw new InvalidOtp()
    if (user.isVerified) return

    const verified = await db.transaction(async (trx) => {
      if (!(await this.codes.consume([user], CodePurpose.EMAIL_VERIFICATION, code, trx))) {
        // A parallel request (a double click) may have used this code a moment ago; then the
        // account is verified, and the answer for a verified account is true.
        const current = await User.find(user.id, { client: trx })
        return current?.isVerified ?? false
      }
      await trx
        .from('users')
        .where('id', user.id)
        .whereNull('email_verified_at')
        .update({ email_verified_at: sqlTime(), updated_at: sqlTime() })
      return true
    })
    if (!verified) throw new InvalidOtp()
  }
}
