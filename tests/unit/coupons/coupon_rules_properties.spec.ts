import { test } from '@japa/runner'
import fc from 'fast-check'
import { discountAmount, evaluateCoupon, type CouponTerms } from '#services/coupons/coupon_rules'
import { COUPON_PERCENT } from '#support/percent'

const MAX_CENTS = 100_000_000 // 1,000,000.00, the largest amount a coupon field accepts
const subtotals = fc.oneof(
  fc.integer({ min: 0, max: 10_000 }),
  fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER })
)
const caps = fc.option(fc.integer({ min: 1, max: MAX_CENTS }), { nil: null })

const fixedTerms = fc.record({
  discountType: fc.constant('FIXED' as const),
  discountValue: fc.integer({ min: 1, max: MAX_CENTS }),
  maxDiscountAmount: caps,
})
const percentageTerms = fc.record({
  discountType: fc.constant('PERCENTAGE' as const),
  discountValue: fc.integer({ min: 1, max: COUPON_PERCENT.whole }),
  maxDiscountAmount: caps,
})

/** Any coupon the validators and CHECK constraints allow, valid in a window around `now`. */
const couponTerms = fc
  .tuple(
    fc.oneof(fixedTerms, percentageTerms),
    fc.integer({ min: 0, max: MAX_CENTS }),
    fc.option(fc.integer({ min: 1, max: 1000 }), { nil: null }),
    fc.integer({ min: 0, max: 1000 }),
    fc.boolean(),
    fc.integer({ min: 1_500_000_000_000, max: 2_000_000_000_000 }),
    fc.integer({ min: 1, max: 10 ** 10 })
  )
  .map(([kind, minOrderAmount, usageLimit, used, isActive, startSecond, lengthMs]): CouponTerms => {
    const startsAt = Math.floor(startSecond / 1000) * 1000
    return {
      ...kind,
      minOrderAmount,
      usageLimit,
      usageCount: usageLimit === null ? used : Math.min(used, usageLimit),
      isActive,
      startsAt,
      endsAt: startsAt + Math.ceil(lengthMs / 1000) * 1000,
    }
  })

test.group('coupon_rules / properties', () => {
  test('the discount is never negative and never above the subtotal', () => {
    fc.assert(
      fc.property(couponTerms, subtotals, (terms, subtotal) => {
        const discount = discountAmount(terms, subtotal)
        return Number.isSafeInteger(discount) && discount >= 0 && discount <= subtotal
      }),
      { numRuns: 2000 }
    )
  })

  test('a percentage discount never exceeds its cap; a fixed one never exceeds its value', () => {
    fc.assert(
      fc.property(couponTerms, subtotals, (terms, subtotal) => {
        const discount = discountAmount(terms, subtotal)
        if (terms.discountType === 'FIXED') return discount <= terms.discountValue
        return terms.maxDiscountAmount === null || discount <= terms.maxDiscountAmount
      }),
      { numRuns: 2000 }
    )
  })

  test('an uncapped percentage is the exact share rounded half-up', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: COUPON_PERCENT.whole }),
        subtotals,
        (hundredths, subtotal) => {
          const discount = discountAmount(
            {
              discountType: 'PERCENTAGE',
              discountValue: hundredths,
              maxDiscountAmount: null,
              minOrderAmount: 0,
              startsAt: 0,
              endsAt: 0,
              usageLimit: null,
              usageCount: 0,
              isActive: true,
            },
            subtotal
          )
          // Half-up: exact − ½ < discount ≤ exact + ½, compared in whole numbers.
          const exact = BigInt(subtotal) * BigInt(hundredths)
          const scaled = BigInt(discount) * BigInt(COUPON_PERCENT.whole)
          const half = BigInt(COUPON_PERCENT.whole / 2)
          return scaled - half <= exact && exact < scaled + half
        }
      ),
      { numRuns: 2000 }
    )
  })

  test('a bigger subtotal never gets a smaller discount', () => {
    fc.assert(
      fc.property(
        couponTerms,
        fc.integer({ min: 0, max: 10 ** 12 }),
        fc.integer({ min: 0, max: 10 ** 6 }),
        (terms, subtotal, more) =>
          discountAmount(terms, subtotal + more) >= discountAmount(terms, subtotal)
      ),
      { numRuns: 2000 }
    )
  })

  test('evaluateCoupon applies exactly when every condition holds, with that discount', () => {
    fc.assert(
      fc.property(
        couponTerms,
        subtotals,
        fc.integer({ min: -5000, max: 5000 }),
        fc.boolean(),
        (terms, subtotal, skewMs, nearEnd) => {
          const now = (nearEnd ? (terms.endsAt as number) : (terms.startsAt as number)) + skewMs
          const second = Math.floor(now / 1000) * 1000
          const applies =
            terms.isActive &&
            second >= (terms.startsAt as number) &&
            second <= (terms.endsAt as number) &&
            (terms.usageLimit === null || terms.usageCount < terms.usageLimit) &&
            subtotal >= terms.minOrderAmount
          const outcome = evaluateCoupon(terms, subtotal, now)
          if (!applies) return outcome.ok === false
          return outcome.ok && outcome.discount === discountAmount(terms, subtotal)
        }
      ),
      { numRuns: 3000 }
    )
  })
})
