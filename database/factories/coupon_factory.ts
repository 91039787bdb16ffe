import factory from '@adonisjs/lucid/factories'
import { DateTime } from 'luxon'
import Coupon from '#models/coupon'

let sequence = 0

/**
 * Live, active coupons valid from a day ago to thirty days ahead, 10.00 off, unlimited uses.
 * States give the other shapes tests need.
 */
export const CouponFactory = factory
  .define(Coupon, () => {
    sequence += 1
    const now = DateTime.utc().startOf('second')
    return {
      code: `TEST${sequence}${Math.random().toString(36).slice(2, 8)}`.toUpperCase(),
      discountType: 'FIXED' as const,
      discountValue: 1000,
      minOrderAmount: 0,
      maxDiscountAmount: null,
      startDate: now.minus({ days: 1 }),
      endDate: now.plus({ days: 30 }),
      usageLimit: null,
      usageCount: 0,
      isActive: true,
      deletedAt: null,
    }
  })
  .state('percentage', (coupon) => {
    coupon.discountType = 'PERCENTAGE'
    coupon.discountValue = 1500
  })
  .state('inactive', (coupon) => (coupon.isActive = false))
  .state('expired', (coupon) => {
    coupon.startDate = DateTime.utc().startOf('second').minus({ days: 10 })
    coupon.endDate = DateTime.utc().startOf('second').minus({ days: 1 })
  })
  .state('upcoming', (coupon) => {
    coupon.startDate = DateTime.utc().startOf('second').plus({ days: 1 })
    coupon.endDate = DateTime.utc().startOf('second').plus({ days: 10 })
  })
  .state('usedUp', (coupon) => {
    coupon.usageLimit = 3
    coupon.usageCount = 3
  })
  .state('deleted', (coupon) => (coupon.deletedAt = DateTime.utc().startOf('second')))
  .build()
