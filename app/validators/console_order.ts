import vine from '@vinejs/vine'
import { filterForm, storeDayRange } from '#validators/form'
import { adminOrderFilterFields, orderMessages } from '#validators/order'

/**
 * The console's order list (its filter form, sent with GET): the admin order API's filters, with
 * days of the store's time zone, and the console's own page and searches.
 */
export const consoleOrderListValidator = vine.create(
  vine
    .object({
      ...adminOrderFilterFields(),
      page: vine.number().withoutDecimals().range([1, 10_000]).optional(),
      orderNumber: vine.string().trim().maxLength(40).optional(),
      customerEmail: vine.string().trim().maxLength(254).optional(),
    })
    .parse(filterForm(storeDayRange))
)
consoleOrderListValidator.messagesProvider = orderMessages
