import { BasePolicy } from '@adonisjs/bouncer'
import type User from '#models/user'
import { isAdministrator, isCustomer } from '#policies/roles'

/**
 * Payments of checkouts: a customer their own (scoped in SQL by `PaymentService`, where another
 * customer's is a 404), an administrator every one.
 */
export default class PaymentPolicy extends BasePolicy {
  /** A customer reading or retrying the payment of one of their checkouts. */
  payOwn(user: User) {
    return isCustomer(user)
  }

  /** Every payment. */
  viewAny(user: User) {
    return isAdministrator(user)
  }
}
