/** The two kinds of coupon. */
export const DISCOUNT_TYPES = ['FIXED', 'PERCENTAGE'] as const

/** `FIXED` takes an amount off; `PERCENTAGE` takes a share of the subtotal. */
export type DiscountType = (typeof DISCOUNT_TYPES)[number]
