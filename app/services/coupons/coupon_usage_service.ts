import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import db from '@adonisjs/lucid/services/db'
import Coupon from '#models/coupon'
import { findApplicableCoupon, type ApplicableCoupon } from '#queries/applicable_coupon'
import type { DomainError } from '#exceptions/domain_error'
import {
  CHECKOUT_REFUSALS,
  CheckoutCouponNotFound,
  CouponUsageLimitReached,
} from '#exceptions/coupon_errors'
import type { CouponRefusal, CouponTerms } from '#services/coupons/coupon_rules'
import { affectedRows } from '#services/coupons/affected_rows'
import type { CouponFunding } from '#enums/ledger'

/** A coupon as checkout needs it: what to count a use against, what to copy, what to evaluate. */
export interface CouponSnapshot {
  id: string
  code: string
  /** Who bears the discount; frozen on the orders it is placed with. */
  fundedBy: CouponFunding
  terms: CouponTerms
}

/** The coupon fields a snapshot copies as they are; the two instants come as epoch milliseconds. */
type SnapshotFields = Pick<
  Coupon,
  | 'id'
  | 'code'
  | 'discountType'
  | 'discountValue'
  | 'minOrderAmount'
  | 'maxDiscountAmount'
  | 'usageLimit'
  | 'usageCount'
  | 'isActive'
  | 'fundedBy'
>

/** The one mapping from a coupon's fields to the rules' terms. */
function snapshotFrom(coupon: SnapshotFields, startsAt: number, endsAt: number): CouponSnapshot {
  return {
    id: coupon.id,
    code: coupon.code,
    fundedBy: coupon.fundedBy,
    terms: {
      discountType: coupon.discountType,
      discountValue: coupon.discountValue,
      minOrderAmount: coupon.minOrderAmount,
      maxDiscountAmount: coupon.maxDiscountAmount,
      startsAt,
      endsAt,
      usageLimit: coupon.usageLimit,
      usageCount: coupon.usageCount,
      isActive: coupon.isActive,
    },
  }
}

/** The rules' view of a stored coupon. */
export function snapshotOf(coupon: Coupon): CouponSnapshot {
  return snapshotFrom(coupon, coupon.startDate.toMillis(), coupon.endDate.toMillis())
}

/**
 * The 422 checkout answers for a refusal of `coupon_rules`. An inactive coupon reads as an unknown
 * one, so a customer cannot tell a switched-off code from a made-up one.
 */
export function checkoutRefusal(reason: CouponRefusal): DomainError {
  return new CHECKOUT_REFUSALS[reason]()
}

/**
 * The snapshot of an applicable coupon as checkout reads it (`#queries/applicable_coupon`): the
 * query only returns active coupons.
 */
export function snapshotOfApplicable(coupon: ApplicableCoupon): CouponSnapshot {
  return snapshotFrom({ ...coupon, isActive: true }, coupon.startsAt, coupon.endsAt)
}

/** Coupon use counting for checkout: every change to `usage_count` goes through here. */
export class CouponUsageService {
  /**
   * The live, active coupon with this code (any case), or null: checkout answers null with
   * `CheckoutCouponNotFound` and hands the terms to `coupon_rules` for everything else.
   */
  async findApplicableByCode(
    code: string,
    trx?: TransactionClientContract
  ): Promise<CouponSnapshot | null> {
    const coupon = await findApplicableCoupon(trx ?? db.connection(), code.trim().toUpperCase())
    return coupon ? snapshotOfApplicable(coupon) : null
  }

  /** Whether a live coupon (active or not) has this code, in any case. */
  async codeExists(code: string, trx?: TransactionClientContract): Promise<boolean> {
    const coupon = await Coupon.query({ client: trx })
      .withScopes((scopes) => scopes.notDeleted())
      .where('code', code.trim().toUpperCase())
      .select('id')
      .first()
    return coupon !== null
  }

  /**
   * Counts one use inside the caller's transaction. The single conditional update is what keeps
   * concurrent placements from passing `usageLimit`; the CHECK constraint backs it.
   */
  async countUse(couponId: string, trx: TransactionClientContract): Promise<void> {
    const counted = await trx
      .from('coupons')
      .where('id', couponId)
      .whereNull('deleted_at')
      .where('is_active', true)
      .where((query) => {
        query.whereNull('usage_limit').orWhereRaw('usage_count < usage_limit')
      })
      .increment('usage_count', 1)
    if (affectedRows(counted) === 1) return

    // Nothing counted: say why, so a coupon deleted or switched off mid-checkout is not
    // reported as used up.
    const coupon = await Coupon.query({ client: trx })
      .withScopes((scopes) => scopes.notDeleted())
      .where('id', couponId)
      .first()
    if (!coupon || !coupon.isActive) throw new CheckoutCouponNotFound()
    throw new CouponUsageLimitReached()
  }

  /**
   * Gives one use back inside the caller's transaction (every order of a checkout cancelled).
   * Works on deleted coupons too; returns false when the count was already zero.
   */
  async releaseUse(couponId: string, trx: TransactionClientContract): Promise<boolean> {
    const released = await trx
      .from('coupons')
      .where('id', couponId)
      .where('usage_count', '>', 0)
      .decrement('usage_count', 1)
    return affectedRows(released) === 1
  }
}
