import vine from '@vinejs/vine'

/** Filters of the console's tax-rate list (query string). */
export const taxRateListFiltersValidator = vine.create(
  vine.object({
    page: vine.number().withoutDecimals().range([1, 10_000]).optional(),
  })
)
