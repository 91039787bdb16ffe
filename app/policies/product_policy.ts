import type User from '#models/user'
import { isAdministrator, isSeller } from '#policies/roles'
import SellerOwnedPolicy from '#policies/seller_owned_policy'

/**
 * A seller's products in their own shops. The public catalog needs no account. Administrators
 * see every product, take one down or restore it, and edit any of them in the console (`edit`);
 * the seller's own routes (`update`) stay closed to them.
 */
export default class ProductPolicy extends SellerOwnedPolicy {
  /** Removing one of the seller's products. */
  delete(user: User) {
    return isSeller(user)
  }

  /** Taking any product off sale until an administrator restores it. */
  takeDown(user: User) {
    return isAdministrator(user)
  }

  /** Lifting a takedown. */
  restore(user: User) {
    return isAdministrator(user)
  }

  /** Editing any shop's product, its variants and images, from the console. */
  edit(user: User) {
    return isAdministrator(user)
  }
}
