import { BasePolicy } from '@adonisjs/bouncer'
import type User from '#models/user'
import { isAdministrator, isSeller } from '#policies/roles'

/**
 * A resource sellers keep in their own shops (shops, products; which rows is scoped in SQL) and
 * administrators review across every seller. No administrator `before()`: the seller's routes
 * are closed to administrators. A subclass adds the actions its resource has beyond these.
 */
export default abstract class SellerOwnedPolicy extends BasePolicy {
  /** The seller's own rows. */
  viewOwn(user: User) {
    return isSeller(user)
  }

  /** Adding one, for the seller. */
  create(user: User) {
    return isSeller(user)
  }

  /** Editing one of the seller's own. */
  update(user: User) {
    return isSeller(user)
  }

  /** Every row, of any seller (the console's list). */
  viewAny(user: User) {
    return isAdministrator(user)
  }
}
