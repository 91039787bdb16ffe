import vine from '@vinejs/vine'
import { filterForm } from '#validators/form'

/** Filters of the console's tax-rate list (the list's filter form, sent with GET). */
export const taxRateListFiltersValidator = vine.create(
  vine
    .object({
      page: vine.number().withoutDecimals().range([1, 10_000]).optional(),
    })
    .parse(filterForm())
)
