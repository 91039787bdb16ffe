import vine from '@vinejs/vine'

/** Filters of the console's coupon list (query string). */
export const couponListFiltersValidator = vine.create(
  vine.object({
    code: vine.string().trim().maxLength(32).optional(),
    page: vine.number().withoutDecimals().range([1, 10_000]).optional(),
  })
)
