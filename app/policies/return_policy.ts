import { BasePolicy } from '@adonisjs/bouncer'
import type User from '#models/user'
import { isAdministrator, isCustomer, isSeller } from '#policies/roles'

/**
 * Returns of delivered orders (docs/api/returns.md): a customer asks for and reads their own, a
 * seller decides on those of their shops, an administrator on any. Which returns is scoped in SQL
 * (`ReturnService`), so another shop's return is a 404.
 */
export default class ReturnPolicy extends BasePolicy {
  /** A customer asking to return units of their order, or reading its returns. */
  requestOwn(user: User) {
    return isCustomer(user)
  }

  /** A seller reading the returns of their shops. */
  viewOfOwnShops(user: User) {
    return isSeller(user)
  }

  /** A seller approving, rejecting or receiving a return of their shops. */
  decideOfOwnShops(user: User) {
    return isSeller(user)
  }

  /** Every return (API and console). */
  viewAny(user: User) {
    return isAdministrator(user)
  }

  /** An administrator approving, rejecting or receiving any return. */
  decideAny(user: User) {
    return isAdministrator(user)
  }
}
