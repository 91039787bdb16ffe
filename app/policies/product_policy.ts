import { BasePolicy } from '@adonisjs/bouncer'
import type User from '#models/user'
import { isSeller } from '#policies/roles'

/**
 * A seller's products in their own shops (scoped in SQL). The public catalog needs no account;
 * administrators do not manage products, so there is no `before()`.
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
}
