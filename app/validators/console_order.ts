import vine from '@vinejs/vine'

/**
 * The page of the console's order list (query string). Its filters go through the admin order
 * API's own validator.
 */
export const orderListPageValidator = vine.create(
  vine.object({
    page: vine.number().withoutDecimals().range([1, 10_000]).optional(),
  })
)
