import { inject } from '@adonisjs/core'
import User from '#models/user'
import { UserType } from '#enums/user_type'
import { AccountExists } from '#exceptions/account_errors'
import { AccountProvisioningService } from '#services/accounts/account_provisioning_service'

/** Creates Super Admins outside public registration (`node ace admin:create`, start-up bootstrap). */
@inject()
export class SuperAdminService {
  constructor(protected accounts: AccountProvisioningService) {}

  /** A verified, active Super Admin; refuses when that e-mail already has one. */
  async create(email: string, password: string): Promise<User> {
    return this.accounts.createVerified(email, password, UserType.SUPER_ADMIN)
  }

  /**
   * Creates the Super Admin named by the environment, but only while no Super Admin exists at
   * all: once there is one, accounts are managed in the console, and a bootstrap account that was
   * demoted or replaced must not come back at the next start.
   */
  async ensure(email: string | undefined, password: string | undefined): Promise<User | null> {
    if (!email || !password) return null
    const anySuperAdmin = await User.query().where('user_type', UserType.SUPER_ADMIN).first()
    if (anySuperAdmin) return null
    try {
      return await this.create(email, password)
    } catch (error) {
      if (error instanceof AccountExists) return null
      throw error
    }
  }
}
