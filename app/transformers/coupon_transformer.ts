import type Coupon from '#models/coupon'
import { formatStoreDateTime } from '#support/store_time'
import ApiTransformer from '#transformers/api_transformer'

/**
 * A coupon (docs/api/coupons.md). Its dates are the store's wall-clock times, not instants: that
 * is how they are entered, so they read back the same.
 */
export default class CouponTransformer extends ApiTransformer<Coupon> {
  toObject() {
    const coupon = this.resource
    return {
      id: coupon.id,
      code: coupon.code,
      discountType: coupon.discountType,
      // Both kinds are held ×100 (cents, hundredths of a percent), so one conversion serves.
      discountValue: this.amount(coupon.discountValue),
      minOrderAmount: this.amount(coupon.minOrderAmount),
      maxDiscountAmount:
        coupon.maxDiscountAmount === null ? null : this.amount(coupon.maxDiscountAmount),
      startDate: formatStoreDateTime(coupon.startDate),
      endDate: formatStoreDateTime(coupon.endDate),
      usageLimit: coupon.usageLimit,
      usageCount: coupon.usageCount,
      isActive: coupon.isActive,
    }
  }
}

/** A coupon's fields as the Edge console shows them: the API's shape, read synchronously. */
export function couponResource(coupon: Coupon) {
  return new CouponTransformer(coupon).toObject()
}
