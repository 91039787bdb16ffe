import type User from '#models/user'
import AdministeredPolicy from '#policies/administered_policy'

/** Tax rates per destination, for administrators only. */
export default class TaxRatePolicy extends AdministeredPolicy {
  /** Removing a rate. */
  delete(_user: User) {
    return false
  }
}
