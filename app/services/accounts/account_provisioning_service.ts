import db from '@adonisjs/lucid/services/db'
import hash from '@adonisjs/core/services/hash'
import vine from '@vinejs/vine'
import { DateTime } from 'luxon'
import User from '#models/user'
import { type UserType } from '#enums/user_type'
import { AccountExists, WeakPassword } from '#exceptions/account_errors'
import { ValidationFailed } from '#exceptions/common_errors'
import { passwordProblem } from '#services/accounts/password_rules'
import { isUniqueViolation } from '#support/db_errors'
import { normalizeEmail } from '#support/email_address'

/**
 * Creates verified, active accounts outside public registration, for an operator at the command
 * line (`node ace admin:create`, the start-up bootstrap, `node ace demo:seed`): the e-mail and
 * password rules still hold, but no code is mailed and nobody has to approve the account.
 */
export class AccountProvisioningService {
  /** A verified, active account of `userType`; refuses when that e-mail already has one. */
  async createVerified(rawEmail: string, password: string, userType: UserType): Promise<User> {
    const email = normalizeEmail(rawEmail)
    // No HTTP validator stands in front of the commands and the start-up bootstrap.
    if (email.length > 254 || !vine.helpers.isEmail(email)) {
      const message = 'The e-mail address is not valid'
      throw new ValidationFailed(message, { fields: [{ field: 'email', message }] })
    }
    const problem = passwordProblem(password, email)
    if (problem)
      throw new WeakPassword(problem, { fields: [{ field: 'password', message: problem }] })
    try {
      return await db.transaction(async (trx) => {
        const existing = await User.query({ client: trx })
          .where('email', email)
          .where('user_type', userType)
          .first()
        if (existing) throw new AccountExists()
        return User.create(
          {
            email,
            userType,
            password: await hash.make(password),
            emailVerifiedAt: DateTime.now(),
            isActive: true,
            awaitingApproval: false,
            tokenVersion: 0,
          },
          { client: trx }
        )
      })
    } catch (error) {
      if (isUniqueViolation(error)) throw new AccountExists()
      throw error
    }
  }
}
