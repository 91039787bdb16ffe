import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import Coupon from '#models/coupon'
import { millisOfRow } from '#support/sql_time'
import { CompiledQuery } from '#queries/compiled_query'

/** The fields of an applicable coupon that the rules read, as the model names them. */
type CouponFields = Pick<
  Coupon,
  | 'id'
  | 'code'
  | 'discountType'
  | 'discountValue'
  | 'minOrderAmount'
  | 'maxDiscountAmount'
  | 'usageLimit'
  | 'usageCount'
  | 'fundedBy'
>

/** A live, active coupon as checkout reads it, its validity period in epoch milliseconds. */
export type ApplicableCoupon = CouponFields & { startsAt: number; endsAt: number }

/** The columns of `applicableCouponQuery`, named as the model's fields; instants as the driver returns them. */
export type ApplicableCouponRow = CouponFields & {
  startDate: Date | string
  endDate: Date | string
}

/**
 * The live, active coupon with a code (already upper-case), its columns named as the model's
 * fields: checkout reads it with the address and the cart (`quote_read.ts`).
 */
export function applicableCouponQuery(client: QueryClientContract, code: string) {
  return Coupon.query({ client })
    .withScopes((scopes) => scopes.notDeleted())
    .where('code', code)
    .where('is_active', true)
    .select(
      'id',
      'code',
      'discount_type as discountType',
      'discount_value as discountValue',
      'min_order_amount as minOrderAmount',
      'max_discount_amount as maxDiscountAmount',
      'start_date as startDate',
      'end_date as endDate',
      'usage_limit as usageLimit',
      'usage_count as usageCount',
      'funded_by as fundedBy'
    )
    .limit(1)
}

/**
 * A row of `applicableCouponQuery` as the coupon it names, without making a model, which every
 * summary and placement with a coupon would pay for (docs/performance.md, "Profile").
 */
export function applicableCouponOf(row: ApplicableCouponRow): ApplicableCoupon {
  // Field by field: the row may be a wider one that joins the coupon's columns (`quote_read.ts`).
  return {
    id: row.id,
    code: row.code,
    discountType: row.discountType,
    discountValue: row.discountValue,
    minOrderAmount: row.minOrderAmount,
    maxDiscountAmount: row.maxDiscountAmount,
    usageLimit: row.usageLimit,
    usageCount: row.usageCount,
    fundedBy: row.fundedBy,
    startsAt: millisOfRow(row.startDate),
    endsAt: millisOfRow(row.endDate),
  }
}

const applicableCoupon = new CompiledQuery<[code: string]>(1, applicableCouponQuery)

/** The live, active coupon with this code (already upper-case), or null. */
export async function findApplicableCoupon(
  client: QueryClientContract,
  code: string
): Promise<ApplicableCoupon | null> {
  const [row] = await applicableCoupon.rows<ApplicableCouponRow>([code], client)
  return row ? applicableCouponOf(row) : null
}
