/*
| Pure coupon rules: whether a coupon applies right now and how much it takes off. No database,
| no framework; checkout and the lookup call these, and nothing else computes a discount.
*/

import type { DiscountType } from '#enums/discount_type'
import { COUPON_PERCENT } from '#support/percent'

/** A point in time: a `Date` or epoch milliseconds. */
export type Instant = Date | number

/** What the rules need to know about a coupon; amounts in cents. */
export interface CouponTerms {
  discountType: DiscountType
  /** FIXED: cents. PERCENTAGE: hundredths of a percent (1 to 10000). */
  discountValue: number
  minOrderAmount: number
  /** Caps a PERCENTAGE discount; FIXED coupons ignore it. */
  maxDiscountAmount: number | null
  startsAt: Instant
  endsAt: Instant
  usageLimit: number | null
  usageCount: number
  isActive: boolean
}

/** Why a coupon does not apply. */
export type CouponRefusal =
  | 'COUPON_INACTIVE'
  | 'COUPON_NOT_STARTED'
  | 'COUPON_EXPIRED'
  | 'COUPON_USAGE_LIMIT_REACHED'
  | 'COUPON_MIN_ORDER_NOT_MET'

/** Either the discount in cents or the reason there is none. */
export type CouponOutcome = { ok: true; discount: number } | { ok: false; reason: CouponRefusal }

/** Whether a coupon may be used at all right now, whatever the order. */
export type CouponAvailability = { ok: true } | { ok: false; reason: CouponRefusal }

const toMs = (instant: Instant) => (instant instanceof Date ? instant.getTime() : instant)

/**
 * Checks the flag, the validity window and the usage limit. Dates carry whole seconds, so `now`
 * is compared to the second: a coupon ending at 23:59:59 still applies at 23:59:59.999.
 */
export function couponAvailability(terms: CouponTerms, now: Instant): CouponAvailability {
  const second = Math.floor(toMs(now) / 1000) * 1000
  if (!terms.isActive) return { ok: false, reason: 'COUPON_INACTIVE' }
  if (second < toMs(terms.startsAt)) return { ok: false, reason: 'COUPON_NOT_STARTED' }
  if (second > toMs(terms.endsAt)) return { ok: false, reason: 'COUPON_EXPIRED' }
  if (terms.usageLimit !== null && terms.usageCount >= terms.usageLimit) {
    return { ok: false, reason: 'COUPON_USAGE_LIMIT_REACHED' }
  }
  return { ok: true }
}

/**
 * The discount on a merchandise subtotal, ignoring dates and limits. FIXED: min(value, S).
 * PERCENTAGE: S × value rounded half-up to the cent once, then the cap, then S.
 */
export function discountAmount(terms: CouponTerms, subtotal: number): number {
  assertCents(subtotal, 'subtotal')
  if (terms.discountType === 'FIXED') return Math.min(terms.discountValue, subtotal)

  // BigInt keeps subtotal × hundredths exact far beyond 2^53; + half a unit, then floor = half-up.
  const scale = BigInt(COUPON_PERCENT.whole)
  const raw = Number((BigInt(subtotal) * BigInt(terms.discountValue) + scale / 2n) / scale)
  const capped = terms.maxDiscountAmount === null ? raw : Math.min(raw, terms.maxDiscountAmount)
  return Math.min(capped, subtotal)
}

/** Decides whether the coupon applies to this subtotal now, and if so for how many cents. */
export function evaluateCoupon(terms: CouponTerms, subtotal: number, now: Instant): CouponOutcome {
  const availability = couponAvailability(terms, now)
  if (!availability.ok) return availability
  assertCents(subtotal, 'subtotal')
  if (subtotal < terms.minOrderAmount) return { ok: false, reason: 'COUPON_MIN_ORDER_NOT_MET' }
  return { ok: true, discount: discountAmount(terms, subtotal) }
}

function assertCents(value: number, name: string) {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a non-negative integer number of cents, got ${value}`)
  }
}
