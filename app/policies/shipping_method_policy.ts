import { BasePolicy } from '@adonisjs/bouncer'
import type User from '#models/user'
import { isAdministrator, isCustomer } from '#policies/roles'

/**
 * Shipping methods: a customer chooses among the active ones at checkout; administrators manage
 * them all. No administrator `before()`: the checkout's list is closed to administrators.
 */
export default class ShippingMethodPolicy extends BasePolicy {
  /** The active methods a customer may choose at checkout. */
  viewActive(user: User) {
    return isCustomer(user)
  }

  /** Every method, active or not. */
  viewAny(user: User) {
    return isAdministrator(user)
  }

  /** Adding a method. */
  create(user: User) {
    return isAdministrator(user)
  }

  /** Changing a method. */
  update(user: User) {
    return isAdministrator(user)
  }

  /** Removing a method. */
  delete(user: User) {
    return isAdministrator(user)
  }
}
