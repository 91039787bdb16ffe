import vine from '@vinejs/vine'

/** Filters of the console's shipping-method list (query string). */
export const shippingMethodListFiltersValidator = vine.create(
  vine.object({
    page: vine.number().withoutDecimals().range([1, 10_000]).optional(),
  })
)
