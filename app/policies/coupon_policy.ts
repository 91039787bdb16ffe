import { BasePolicy } from '@adonisjs/bouncer'
import type User from '#models/user'
import { isAdministrator } from '#policies/roles'

/**
 * Coupon administration: administrators only, so `before()` admits them and every action refuses
 * everyone else. Looking a code up needs only a signed-in account of any type.
 */
export default class CouponPolicy extends BasePolicy {
  before(user: User | null) {
    if (user && isAdministrator(user)) return true
  }

  /** Every live coupon. */
  viewAny(_user: User) {
    return false
  }

  /** Issuing a coupon. */
  create(_user: User) {
    return false
  }

  /** Changing a coupon's terms. */
  update(_user: User) {
    return false
  }

  /** Deleting a coupon (softly: orders keep their discount). */
  delete(_user: User) {
    return false
  }
}
