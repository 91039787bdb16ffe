import vine from '@vinejs/vine'

/**
 * The page and the console-only searches of the console's order list (query string). Its other
 * filters go through the admin order API's own validator.
 */
export const orderListPageValidator = vine.create(
  vine.object({
    page: vine.number().withoutDecimals().range([1, 10_000]).optional(),
    orderNumber: vine.string().trim().maxLength(40).optional(),
    customerEmail: vine.string().trim().maxLength(254).optional(),
  })
)
