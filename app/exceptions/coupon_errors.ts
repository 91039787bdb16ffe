import { domainErrors, type DomainErrorClass } from '#exceptions/domain_error'
import type { CouponRefusal } from '#services/coupons/coupon_rules'

/*
| Refusals of the coupon rules (docs/api/coupons.md). The 422 set is what checkout answers when
| a coupon does not apply to an order (section 5); the lookup and admin routes use the 404.
*/
export const {
  CouponNotFound,
  CouponCodeExists,
  CouponUsageLimitBelowCount,
  CheckoutCouponNotFound,
  CouponNotStarted,
  CouponExpired,
  CouponUsageLimitReached,
  CouponMinOrderNotMet,
} = domainErrors({
  /** Lookup and admin routes: unknown, deleted, or (lookup only) not usable right now. */
  CouponNotFound: [404, 'COUPON_NOT_FOUND', 'Coupon not found'],
  /** Another live coupon already has this code (compared upper-case). */
  CouponCodeExists: [409, 'COUPON_CODE_EXISTS', 'A coupon with this code already exists'],
  /** The new usage limit is below the number of uses already counted. */
  CouponUsageLimitBelowCount: [
    409,
    'COUPON_USAGE_LIMIT_BELOW_COUNT',
    'usageLimit cannot be lower than the number of uses already counted (usageCount)',
  ],
  /** Checkout: the code matches no coupon that could apply (unknown, deleted or inactive). */
  CheckoutCouponNotFound: [422, 'COUPON_NOT_FOUND', 'This coupon code is not valid'],
  /** Checkout: the coupon's validity period has not begun. */
  CouponNotStarted: [422, 'COUPON_NOT_STARTED', 'This coupon is not valid yet'],
  /** Checkout: the coupon's validity period is over. */
  CouponExpired: [422, 'COUPON_EXPIRED', 'This coupon has expired'],
  /** Checkout: every allowed use of the coupon has been taken. */
  CouponUsageLimitReached: [
    422,
    'COUPON_USAGE_LIMIT_REACHED',
    'This coupon has reached its usage limit',
  ],
  /** Checkout: the merchandise subtotal is below the coupon's minimum order amount. */
  CouponMinOrderNotMet: [
    422,
    'COUPON_MIN_ORDER_NOT_MET',
    'The order subtotal is below the minimum amount of this coupon',
  ],
})

/** The error checkout answers for each refusal of `coupon_rules` (`checkoutRefusal`). */
export const CHECKOUT_REFUSALS: Record<CouponRefusal, DomainErrorClass> = {
  COUPON_INACTIVE: CheckoutCouponNotFound,
  COUPON_NOT_STARTED: CouponNotStarted,
  COUPON_EXPIRED: CouponExpired,
  COUPON_USAGE_LIMIT_REACHED: CouponUsageLimitReached,
  COUPON_MIN_ORDER_NOT_MET: CouponMinOrderNotMet,
}
