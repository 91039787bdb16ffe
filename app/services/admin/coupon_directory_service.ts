import Coupon from '#models/coupon'
import { CouponNotFound } from '#exceptions/coupon_errors'
import {
  couponAvailability,
  type CouponRefusal,
  type Instant,
} from '#services/coupons/coupon_rules'
import { snapshotOf } from '#services/coupons/coupon_usage_service'
import { containsPattern } from '#support/sql_like'
import { isUuid } from '#support/uuid'
import type { DiscountType } from '#enums/discount_type'

/** Where a coupon stands right now, as the console shows it. */
export type CouponValidity = 'active' | 'scheduled' | 'expired' | 'used_up' | 'inactive'

/** A coupon and where it stands. */
export interface CouponRow {
  coupon: Coupon
  validity: CouponValidity
}

/** Filters of the console's coupon list. */
export interface CouponSearch {
  /** Part of a code, any case. */
  code?: string
  limit: number
  offset: number
}

const VALIDITY_OF: Record<Exclude<CouponRefusal, 'COUPON_MIN_ORDER_NOT_MET'>, CouponValidity> = {
  COUPON_INACTIVE: 'inactive',
  COUPON_NOT_STARTED: 'scheduled',
  COUPON_EXPIRED: 'expired',
  COUPON_USAGE_LIMIT_REACHED: 'used_up',
}

/** Escapes LIKE wildcards so a search for `A_B` finds that text literally. */

/**
 * Finds live coupons for the console. Writes go through `CouponService`; whether a coupon applies
 * is only ever `couponAvailability`'s answer, so the console cannot disagree with checkout.
 */
export class CouponDirectoryService {
  /** A page of live coupons whose code contains `code`, newest first, with where each stands. */
  async search(
    filters: CouponSearch,
    now: Instant = Date.now()
  ): Promise<{ rows: CouponRow[]; total: number }> {
    const query = Coupon.query().withScopes((scopes) => scopes.notDeleted())
    if (filters.code)
      query.whereRaw(`code like ? escape '\\'`, [containsPattern(filters.code.toUpperCase())])

    const [counted] = await query.clone().count('* as total')
    const coupons = await query
      .orderBy('created_at', 'desc')
      .orderBy('id', 'asc')
      .limit(filters.limit)
      .offset(filters.offset)
    return {
      rows: coupons.map((coupon) => ({ coupon, validity: this.validityOf(coupon, now) })),
      total: Number(counted.$extras.total),
    }
  }

  /** One live coupon; 404 when unknown or deleted. */
  async find(id: string): Promise<CouponRow> {
    const coupon = await Coupon.query()
      .withScopes((scopes) => scopes.notDeleted())
      .where('id', id)
      .first()
    if (!coupon) throw new CouponNotFound()
    return { coupon, validity: this.validityOf(coupon) }
  }

  /** How many live coupons a customer could use at `now`. */
  async countActive(now: Instant = Date.now()): Promise<number> {
    // The SQL only narrows the rows; which of them apply is couponAvailability's call alone.
    const candidates = await Coupon.query()
      .withScopes((scopes) => scopes.notDeleted())
      .where('is_active', true)
    return candidates.filter((coupon) => this.validityOf(coupon, now) === 'active').length
  }

  /** Where the coupon stands at `now`, whatever the order it might be used on. */
  validityOf(coupon: Coupon, now: Instant = Date.now()): CouponValidity {
    const availability = couponAvailability(snapshotOf(coupon).terms, now)
    if (availability.ok) return 'active'
    // Availability ignores the order, so the minimum-order refusal cannot come back from it.
    return VALIDITY_OF[availability.reason as keyof typeof VALIDITY_OF]
  }

  /**
   * The discount type of each coupon of `ids`, deleted ones included: how the audit trail's
   * recorded values of those coupons read (cents or hundredths of a percent).
   */
  async discountTypesOf(ids: string[]): Promise<Map<string, DiscountType>> {
    const wanted = [...new Set(ids)].filter(isUuid)
    if (wanted.length === 0) return new Map()
    const rows = await Coupon.query().select('id', 'discount_type').whereIn('id', wanted)
    return new Map(rows.map((row) => [row.id, row.discountType]))
  }
}
