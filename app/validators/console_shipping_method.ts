import vine from '@vinejs/vine'
import { filterForm } from '#validators/form'

/** Filters of the console's shipping-method list (the list's filter form, sent with GET). */
export const shippingMethodListFiltersValidator = vine.create(
  vine
    .object({
      page: vine.number().withoutDecimals().range([1, 10_000]).optional(),
    })
    .parse(filterForm())
)
