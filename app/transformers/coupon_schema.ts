import { objectOf, uuid, type JsonSchema } from '#openapi/json_schema'
import { DISCOUNT_TYPES } from '#enums/discount_type'

/** Coupon bounds: wall-clock time in the store's zone, without an offset. */
export const localDateTimeSchema: JsonSchema = {
  type: 'string',
  pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}$',
  description: 'Wall-clock time in STORE_TIMEZONE, no zone; bounds are inclusive',
  examples: ['2026-12-31T23:59:59'],
}

/** The response schema of `CouponTransformer` (coupon_transformer.ts). */
export const couponSchema = objectOf({
  id: uuid,
  code: { type: 'string', pattern: '^[A-Z0-9_-]{3,32}$' },
  discountType: { type: 'string', enum: [...DISCOUNT_TYPES] },
  discountValue: {
    type: 'number',
    description: 'An amount for FIXED, a percent (0 < v ≤ 100) for PERCENTAGE',
  },
  minOrderAmount: { type: 'number', minimum: 0 },
  maxDiscountAmount: {
    type: ['number', 'null'],
    description: 'Caps a PERCENTAGE discount; null for no cap; ignored by FIXED coupons',
  },
  startDate: localDateTimeSchema,
  endDate: localDateTimeSchema,
  usageLimit: { type: ['integer', 'null'], minimum: 1, description: 'null for unlimited' },
  usageCount: { type: 'integer', minimum: 0 },
  isActive: { type: 'boolean' },
})
