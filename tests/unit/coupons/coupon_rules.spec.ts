import { test } from '@japa/runner'
import {
  couponAvailability,
  discountAmount,
  evaluateCoupon,
  type CouponTerms,
} from '#services/coupons/coupon_rules'

const START = Date.UTC(2026, 5, 1, 0, 0, 0)
const END = Date.UTC(2026, 5, 30, 23, 59, 59)
const DURING = Date.UTC(2026, 5, 15, 12, 0, 0)

/** A FIXED 10.00 coupon, valid in June 2026, no minimum, no limit; override what matters. */
function terms(overrides: Partial<CouponTerms> = {}): CouponTerms {
  return {
    discountType: 'FIXED',
    discountValue: 1000,
    minOrderAmount: 0,
    maxDiscountAmount: null,
    startsAt: START,
    endsAt: END,
    usageLimit: null,
    usageCount: 0,
    isActive: true,
    ...overrides,
  }
}

const percent = (hundredths: number, overrides: Partial<CouponTerms> = {}) =>
  terms({ discountType: 'PERCENTAGE', discountValue: hundredths, ...overrides })

test.group('coupon_rules / validity', () => {
  test('an inactive coupon is refused before anything else', ({ assert }) => {
    const coupon = terms({ isActive: false, usageLimit: 1, usageCount: 1 })
    assert.deepEqual(evaluateCoupon(coupon, 5000, START - 1000), {
      ok: false,
      reason: 'COUPON_INACTIVE',
    })
  })

  test('applies from the start instant, inclusive', ({ assert }) => {
    assert.deepEqual(evaluateCoupon(terms(), 5000, START), { ok: true, discount: 1000 })
    assert.deepEqual(evaluateCoupon(terms(), 5000, START - 1), {
      ok: false,
      reason: 'COUPON_NOT_STARTED',
    })
    assert.deepEqual(evaluateCoupon(terms(), 5000, START - 1000), {
      ok: false,
      reason: 'COUPON_NOT_STARTED',
    })
  })

  test('applies through the whole end second, inclusive', ({ assert }) => {
    assert.deepEqual(evaluateCoupon(terms(), 5000, END), { ok: true, discount: 1000 })
    assert.deepEqual(evaluateCoupon(terms(), 5000, END + 999), { ok: true, discount: 1000 })
    assert.deepEqual(evaluateCoupon(terms(), 5000, END + 1000), {
      ok: false,
      reason: 'COUPON_EXPIRED',
    })
  })

  test('takes now as a Date or as epoch milliseconds, and dates as either', ({ assert }) => {
    const coupon = terms({ startsAt: new Date(START), endsAt: new Date(END) })
    assert.isTrue(evaluateCoupon(coupon, 5000, new Date(DURING)).ok)
    assert.isTrue(evaluateCoupon(coupon, 5000, DURING).ok)
    assert.isFalse(evaluateCoupon(coupon, 5000, new Date(END + 1000)).ok)
  })

  test('refuses a used-up coupon and accepts one with a use left or no limit', ({ assert }) => {
    assert.deepEqual(evaluateCoupon(terms({ usageLimit: 5, usageCount: 5 }), 5000, DURING), {
      ok: false,
      reason: 'COUPON_USAGE_LIMIT_REACHED',
    })
    assert.isTrue(evaluateCoupon(terms({ usageLimit: 5, usageCount: 4 }), 5000, DURING).ok)
    assert.isTrue(evaluateCoupon(terms({ usageLimit: null, usageCount: 10 ** 6 }), 5000, DURING).ok)
  })

  test('applies exactly at the minimum order amount, not a cent below', ({ assert }) => {
    const coupon = terms({ minOrderAmount: 5000 })
    assert.deepEqual(evaluateCoupon(coupon, 5000, DURING), { ok: true, discount: 1000 })
    assert.deepEqual(evaluateCoupon(coupon, 4999, DURING), {
      ok: false,
      reason: 'COUPON_MIN_ORDER_NOT_MET',
    })
  })

  test('reports the date before the limit and the limit before the minimum', ({ assert }) => {
    const everything = terms({ usageLimit: 1, usageCount: 1, minOrderAmount: 10_000 })
    assert.equal(
      (evaluateCoupon(everything, 0, END + 1000) as { reason: string }).reason,
      'COUPON_EXPIRED'
    )
    assert.equal(
      (evaluateCoupon(everything, 0, DURING) as { reason: string }).reason,
      'COUPON_USAGE_LIMIT_REACHED'
    )
  })

  test('couponAvailability ignores the order amount', ({ assert }) => {
    assert.deepEqual(couponAvailability(terms({ minOrderAmount: 10 ** 8 }), DURING), { ok: true })
    assert.deepEqual(couponAvailability(terms({ isActive: false }), DURING), {
      ok: false,
      reason: 'COUPON_INACTIVE',
    })
  })
})

test.group('coupon_rules / discount', () => {
  test('FIXED takes its value off', ({ assert }) => {
    assert.equal(discountAmount(terms({ discountValue: 1000 }), 5000), 1000)
  })

  test('FIXED larger than the subtotal takes the subtotal, never more', ({ assert }) => {
    assert.equal(discountAmount(terms({ discountValue: 5000 }), 1234), 1234)
    assert.equal(discountAmount(terms({ discountValue: 5000 }), 0), 0)
  })

  test('FIXED ignores maxDiscountAmount', ({ assert }) => {
    assert.equal(discountAmount(terms({ discountValue: 5000, maxDiscountAmount: 100 }), 9000), 5000)
  })

  test('PERCENTAGE of the subtotal', ({ assert }) => {
    assert.equal(discountAmount(percent(1000), 5000), 500)
    assert.equal(discountAmount(percent(1250), 8000), 1000)
  })

  test('100 % takes the whole subtotal', ({ assert }) => {
    assert.equal(discountAmount(percent(10_000), 12_345), 12_345)
  })

  test('rounds half a cent up and less than half down', ({ assert }) => {
    // 15 % of 0.10 = 1.5 cents → 2; 15 % of 0.03 = 0.45 → 0; 12.5 % of 0.01 = 0.125 → 0.
    assert.equal(discountAmount(percent(1500), 10), 2)
    assert.equal(discountAmount(percent(1500), 3), 0)
    assert.equal(discountAmount(percent(1250), 1), 0)
    // 33.33 % of 1.50 = 49.995 cents → 50; 0.01 % of 50.00 = 0.5 cents → 1.
    assert.equal(discountAmount(percent(3333), 150), 50)
    assert.equal(discountAmount(percent(1), 5000), 1)
    // 0.01 % of 49.99 = 0.4999 cents → 0.
    assert.equal(discountAmount(percent(1), 4999), 0)
  })

  test('has no float drift where floating point would', ({ assert }) => {
    // 30.00 × 1.15 / 100 is 34.49999… in floating point, which Math.round takes down to 34;
    // the exact value is 34.5 cents, half-up 35. Likewise 15.00 × 2.3 % and 55.00 × 0.7 %.
    assert.equal(discountAmount(percent(115), 3000), 35)
    assert.equal(discountAmount(percent(230), 1500), 35)
    assert.equal(discountAmount(percent(70), 5500), 39)
    assert.equal(discountAmount(percent(1000), 1005), 101)
  })

  test('a cap smaller than the percentage wins', ({ assert }) => {
    assert.equal(discountAmount(percent(2000, { maxDiscountAmount: 1500 }), 10_000), 1500)
  })

  test('a cap larger than the percentage changes nothing', ({ assert }) => {
    assert.equal(discountAmount(percent(2000, { maxDiscountAmount: 5000 }), 10_000), 2000)
  })

  test('a cap equal to the percentage changes nothing', ({ assert }) => {
    assert.equal(discountAmount(percent(2000, { maxDiscountAmount: 2000 }), 10_000), 2000)
  })

  test('rounds before capping', ({ assert }) => {
    // 10 % of 10.05 = 100.5 cents → 101, then the 1.01 cap keeps it; a 1.00 cap cuts it.
    assert.equal(discountAmount(percent(1000, { maxDiscountAmount: 101 }), 1005), 101)
    assert.equal(discountAmount(percent(1000, { maxDiscountAmount: 100 }), 1005), 100)
  })

  test('stays exact on subtotals far beyond 2^53 / 10000', ({ assert }) => {
    const subtotal = Number.MAX_SAFE_INTEGER - 1 // even, so 50 % is exact
    assert.equal(discountAmount(percent(5000), subtotal), subtotal / 2)
  })

  test('refuses a subtotal that is not whole, non-negative cents', ({ assert }) => {
    assert.throws(
      () => discountAmount(terms(), -1),
      RangeError,
      'subtotal must be a non-negative integer number of cents, got -1'
    )
    assert.throws(
      () => discountAmount(terms(), 10.5),
      RangeError,
      'subtotal must be a non-negative integer number of cents, got 10.5'
    )
    assert.throws(
      () => evaluateCoupon(terms(), Number.NaN, DURING),
      RangeError,
      'subtotal must be a non-negative integer number of cents, got NaN'
    )
  })
})
