import type Coupon from '#models/coupon'
import { centsToAmount } from '#support/money'
import { formatStoreDateTime } from '#support/store_time'

/** The coupon of interface section 2.5. */
export interface CouponResource {
  id: string
  code: string
  discountType: 'FIXED' | 'PERCENTAGE'
  /** An amount for FIXED, a percent for PERCENTAGE (both two decimals at most). */
  discountValue: number
  minOrderAmount: number
  maxDiscountAmount: number | null
  startDate: string
  endDate: string
  usageLimit: number | null
  usageCount: number
  isActive: boolean
}

/** Shapes a coupon for JSON: cents and hundredths of a percent become decimals, dates store-local. */
export function couponResource(coupon: Coupon): CouponResource {
  return {
    id: coupon.id,
    code: coupon.code,
    discountType: coupon.discountType,
    // Both kinds are held ×100 (cents, hundredths of a percent), so one conversion serves.
    discountValue: centsToAmount(coupon.discountValue),
    minOrderAmount: centsToAmount(coupon.minOrderAmount),
    maxDiscountAmount:
      coupon.maxDiscountAmount === null ? null : centsToAmount(coupon.maxDiscountAmount),
    startDate: formatStoreDateTime(coupon.startDate),
    endDate: formatStoreDateTime(coupon.endDate),
    usageLimit: coupon.usageLimit,
    usageCount: coupon.usageCount,
    isActive: coupon.isActive,
  }
}
