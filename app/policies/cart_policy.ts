import { BasePolicy } from '@adonisjs/bouncer'
import type User from '#models/user'
import { isCustomer } from '#policies/roles'

/** The customer's own cart and its checkout (summary and place-order). */
export default class CartPolicy extends BasePolicy {
  /** Reading the cart. */
  view(user: User) {
    return isCustomer(user)
  }

  /** Adding, changing, removing and clearing lines. */
  update(user: User) {
    return isCustomer(user)
  }

  /** Pricing the cart and placing its orders. */
  checkOut(user: User) {
    return isCustomer(user)
  }
}
