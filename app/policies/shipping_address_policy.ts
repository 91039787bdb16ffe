import { BasePolicy } from '@adonisjs/bouncer'
import type User from '#models/user'
import { isCustomer } from '#policies/roles'

/** A customer's own shipping addresses (scoped in SQL: someone else's is a 404). */
export default class ShippingAddressPolicy extends BasePolicy {
  /** The customer's addresses. */
  viewOwn(user: User) {
    return isCustomer(user)
  }

  /** Adding an address. */
  create(user: User) {
    return isCustomer(user)
  }

  /** Changing one of the customer's addresses. */
  update(user: User) {
    return isCustomer(user)
  }

  /** Removing one of the customer's addresses (orders keep their copy). */
  delete(user: User) {
    return isCustomer(user)
  }
}
