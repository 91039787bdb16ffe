import { BasePolicy } from '@adonisjs/bouncer'
import type User from '#models/user'
import { isAdministrator } from '#policies/roles'

/** Tax rates per destination: administrators only, whom `before()` admits. */
export default class TaxRatePolicy extends BasePolicy {
  before(user: User | null) {
    if (user && isAdministrator(user)) return true
  }

  /** Every rate. */
  viewAny(_user: User) {
    return false
  }

  /** Adding a rate. */
  create(_user: User) {
    return false
  }

  /** Changing a rate. */
  update(_user: User) {
    return false
  }

  /** Removing a rate. */
  delete(_user: User) {
    return false
  }
}
