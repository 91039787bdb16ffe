import vine from '@vinejs/vine'
import { PAYMENT_RECORD_STATUSES } from '#enums/payment'
import { filterForm } from '#validators/form'

/** Filters of the console's payment list (its filter form, sent with GET). */
export const consolePaymentListValidator = vine.create(
  vine
    .object({
      status: vine.enum(PAYMENT_RECORD_STATUSES).optional(),
      page: vine.number().withoutDecimals().range([1, 10_000]).optional(),
    })
    .parse(filterForm())
)
