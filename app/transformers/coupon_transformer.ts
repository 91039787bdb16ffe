import type Coupon from '#models/coupon'
import { DISCOUNT_TYPES } from '#enums/discount_type'
import { COUPON_FUNDINGS } from '#enums/ledger'
import { localDateTime, uuid } from '#openapi/json_schema'
import { centsToAmount } from '#support/money'
import { formatStoreDateTime } from '#support/store_time'
import ApiTransformer from '#transformers/api_transformer'
import { amountField, field, shapeOf } from '#transformers/shape'

/**
 * A coupon (docs/api/coupons.md). Its dates are the store's wall-clock times, not instants: that
 * is how they are entered, so they read back the same.
 */
export default class CouponTransformer extends ApiTransformer<Coupon> {
  static readonly shape = shapeOf<Coupon>()({
    id: field(uuid, 'id'),
    code: field({ type: 'string', pattern: '^[A-Z0-9_-]{3,32}$' }, 'code'),
    discountType: field({ type: 'string', enum: [...DISCOUNT_TYPES] }, 'discountType'),
    // Both kinds are held ×100 (cents, hundredths of a percent), so one conversion serves.
    discountValue: field(
      {
        type: 'number',
        description: 'An amount for FIXED, a percent (0 < v ≤ 100) for PERCENTAGE',
      },
      (coupon) => centsToAmount(coupon.discountValue)
    ),
    minOrderAmount: amountField('minOrderAmount'),
    maxDiscountAmount: field(
      {
        type: ['number', 'null'],
        description: 'Caps a PERCENTAGE discount; null for no cap; ignored by FIXED coupons',
      },
      (coupon) =>
        coupon.maxDiscountAmount === null ? null : centsToAmount(coupon.maxDiscountAmount)
    ),
    startDate: field(localDateTime, (coupon) => formatStoreDateTime(coupon.startDate)),
    endDate: field(localDateTime, (coupon) => formatStoreDateTime(coupon.endDate)),
    usageLimit: field(
      { type: ['integer', 'null'], minimum: 1, description: 'null for unlimited' },
      'usageLimit'
    ),
    usageCount: field({ type: 'integer', minimum: 0 }, 'usageCount'),
    isActive: field({ type: 'boolean' }, 'isActive'),
  })

  /**
   * The coupon as administrators see it: with who bears its discount (docs/api/ledger.md), a
   * matter between the marketplace and its sellers that the customers' lookup does not show.
   */
  static readonly adminShape = CouponTransformer.shape.with({
    fundedBy: field(
      {
        type: 'string',
        enum: [...COUPON_FUNDINGS],
        description:
          'Who bears the discount: MARKETPLACE (out of its commission) or SELLERS (each shop its share)',
      },
      'fundedBy'
    ),
  })

  toObject() {
    return CouponTransformer.shape.write(this.resource)
  }

  forAdmin() {
    return CouponTransformer.adminShape.write(this.resource)
  }
}

/** A coupon's fields as the Edge console shows them: the admins' shape, read synchronously. */
export function couponResource(coupon: Coupon) {
  return CouponTransformer.adminShape.write(coupon)
}
