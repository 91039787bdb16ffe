import { BasePolicy } from '@adonisjs/bouncer'
import type User from '#models/user'
import { isAdministrator, isSeller } from '#policies/roles'

/**
 * Shops. A seller opens and edits their own (scoped in SQL); an administrator reviews them all.
 * No administrator `before()`: the seller's routes are closed to administrators.
 */
export default class ShopPolicy extends BasePolicy {
  /** The seller's own shops. */
  viewOwn(user: User) {
    return isSeller(user)
  }

  /** Opening a shop (it awaits approval). */
  create(user: User) {
    return isSeller(user)
  }

  /** Editing one of the seller's own shops. */
  update(user: User) {
    return isSeller(user)
  }

  /** Every shop, of any seller. */
  viewAny(user: User) {
    return isAdministrator(user)
  }

  /** Approving a shop: its products go on sale. */
  approve(user: User) {
    return isAdministrator(user)
  }

  /** Suspending a shop: its products leave the catalog. */
  suspend(user: User) {
    return isAdministrator(user)
  }
}
