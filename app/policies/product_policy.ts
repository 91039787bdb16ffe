import { BasePolicy } from '@adonisjs/bouncer'
import type User from '#models/user'
import { isAdministrator, isSeller } from '#policies/roles'

/**
 * A seller's products in their own shops (scoped in SQL). The public catalog needs no account.
 * Administrators see every product and take one off sale or put it back, but never edit it, so
 * there is no `before()`.
 */
export default class ProductPolicy extends BasePolicy {
  /** The seller's own products. */
  viewOwn(user: User) {
    return isSeller(user)
  }

  /** Adding a product to one of the seller's shops. */
  create(user: User) {
    return isSeller(user)
  }

  /** Editing one of the seller's products. */
  update(user: User) {
    return isSeller(user)
  }

  /** Removing one of the seller's products. */
  delete(user: User) {
    return isSeller(user)
  }

  /** Every product of every shop (the console's list). */
  viewAny(user: User) {
    return isAdministrator(user)
  }

  /** Taking any product off sale or putting it back. */
  changeAvailability(user: User) {
    return isAdministrator(user)
  }
}
