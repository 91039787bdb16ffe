import { BasePolicy } from '@adonisjs/bouncer'
import type User from '#models/user'
import { UserType, isAdministrative } from '#enums/user_type'
import { isAdministrator } from '#policies/roles'

type Account = Pick<User, 'id' | 'userType'>

/**
 * Whether `actor` may act on the account `target` (activate, deactivate, or change its type to
 * `newType` when given): only administrators, never on their own account; an Admin manages
 * customers and sellers and grants only those types; a Super Admin manages every account.
 * `UserAdministrationService` refuses with this very rule, so the console never offers what the
 * service would refuse.
 */
export function mayManageAccount(actor: Account, target: Account, newType?: UserType): boolean {
  if (!isAdministrative(actor.userType) || actor.id === target.id) return false
  if (actor.userType === UserType.SUPER_ADMIN) return true
  return !isAdministrative(target.userType) && (!newType || !isAdministrative(newType))
}

/**
 * Accounts. No administrator `before()`: an Admin's reach depends on the account acted on
 * (`mayManageAccount`), so every action decides for itself.
 */
export default class UserPolicy extends BasePolicy {
  /** The console's account list. */
  viewAny(actor: User) {
    return isAdministrator(actor)
  }

  /**
   * The administration routes (activate, deactivate, change type), before the account is read:
   * which accounts an administrator may act on is the service's refusal, with its own code.
   */
  manageAny(actor: User) {
    return isAdministrator(actor)
  }

  /** Activating or deactivating this account. */
  manage(actor: User, target: User) {
    return mayManageAccount(actor, target)
  }

  /** Changing this account to `newType` (a different type than it has). */
  changeType(actor: User, target: User, newType: UserType) {
    return newType !== target.userType && mayManageAccount(actor, target, newType)
  }
}
