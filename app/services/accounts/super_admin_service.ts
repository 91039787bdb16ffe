import db from '@adonisjs/lucid/services/db'
import hash from '@adonisjs/core/services/hash'
import { DateTime } from 'luxon'
import User from '#models/user'
import { UserType } from '#enums/user_type'
import vine from '@vinejs/vine'
import { AccountExists, WeakPassword } from '#exceptions/account_errors'
import { ValidationFailed } from '#exceptions/common_errors'
import { passwordProblem } from '#services/accounts/password_rules'
import { isUniqueViolation } from '#support/db_errors'

/** Creates Super Admins outside public registration (`node ace admin:create`, start-up bootstrap). */
export class SuperAdminService {
  /** A verified, active Super Admin; refuses when that e-mail already has one. */
  async create(rawEmail: string, password: string): Promise<User> {
    const email = rawEmail.trim().toLowerCase()
    // No HTTP validator stands in front of the command and the start-up bootstrap.
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
          .where('user_type', UserType.SUPER_ADMIN)
          .first()
        if (existing) throw new AccountExists()
        return User.create(
          {
            email,
            userType: UserType.SUPER_ADMIN,
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

  /** Creates the Super Admin named by the environment unless it already exists. */
  async ensure(email: string | undefined, password: string | undefined): Promise<User | null> {
    if (!email || !password) return null
    const existing = await User.query()
      .where('email', email.trim().toLowerCase())
      .where('user_type', UserType.SUPER_ADMIN)
      .first()
    if (existing) return null
    try {
      return await this.create(email, password)
    } catch (error) {
      if (error instanceof AccountExists) return null
      throw error
    }
  }
}
