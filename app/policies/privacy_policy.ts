import { BasePolicy } from '@adonisjs/bouncer'
import type User from '#models/user'
import { UserType } from '#enums/user_type'
import { isAdministrator } from '#policies/roles'
import { mayManageAccount } from '#policies/user_policy'

/**
 * Data export and erasure (docs/api/privacy.md). Every account may export and erase its own data;
 * an administrator answers data-subject requests from the console for the accounts they may
 * manage (`mayManageAccount`: never their own there, an Admin not for administrators). A Super
 * Admin account is never erased. `AccountErasureService` refuses the same accounts with its own
 * codes, so the console never offers what the service would refuse.
 */
export default class PrivacyPolicy extends BasePolicy {
  /** The signed-in account's own export and erasure. */
  own(_user: User) {
    return true
  }

  /** The console's export and erasure routes, before the account is read. */
  administer(actor: User) {
    return isAdministrator(actor)
  }

  /** Exporting this account's data from the console. */
  export(actor: User, target: User) {
    return mayManageAccount(actor, target)
  }

  /** Erasing this account from the console. */
  erase(actor: User, target: User) {
    return (
      mayManageAccount(actor, target) &&
      target.userType !== UserType.SUPER_ADMIN &&
      !target.erasedAt
    )
  }
}
