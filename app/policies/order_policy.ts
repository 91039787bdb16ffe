import { BasePolicy } from '@adonisjs/bouncer'
import type User from '#models/user'
import { isAdministrator, isCustomer, isSeller } from '#policies/roles'

/**
 * Placed orders, seen by three kinds of account on three sets of routes: a customer their own, a
 * seller those of their shops, an administrator every order. Which orders is scoped in SQL
 * (`OrderQueryService`); an administrator has no `before()` here because the customer's and the
 * seller's routes are closed to administrators.
 */
export default class OrderPolicy extends BasePolicy {
  /** A customer's own orders. */
  viewOwn(user: User) {
    return isCustomer(user)
  }

  /** A customer cancelling one of their own orders. */
  cancelOwn(user: User) {
    return isCustomer(user)
  }

  /** The orders of the seller's shops. */
  viewOfOwnShops(user: User) {
    return isSeller(user)
  }

  /** A seller moving an order of their shops along, or recording its payment. */
  updateOfOwnShops(user: User) {
    return isSeller(user)
  }

  /** Every order (API and console). */
  viewAny(user: User) {
    return isAdministrator(user)
  }

  /** An administrator changing any order's status or payment. */
  updateAny(user: User) {
    return isAdministrator(user)
  }
}
