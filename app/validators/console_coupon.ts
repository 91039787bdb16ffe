import vine from '@vinejs/vine'
import { filterForm } from '#validators/form'

/** Filters of the console's coupon list (the list's filter form, sent with GET). */
export const couponListFiltersValidator = vine.create(
  vine
    .object({
      code: vine.string().trim().maxLength(32).optional(),
      page: vine.number().withoutDecimals().range([1, 10_000]).optional(),
    })
    .parse(filterForm())
)
