import type User from '#models/user'
import AdministeredPolicy from '#policies/administered_policy'

/**
 * Coupon administration, for administrators only. Looking a code up needs only a signed-in
 * account of any type.
 */
export default class CouponPolicy extends AdministeredPolicy {
  /** Deleting a coupon (softly: orders keep their discount). */
  delete(_user: User) {
    return false
  }
}
