import vine from '@vinejs/vine'
import { filterForm } from '#validators/form'
import { SHOP_STATUSES } from '#enums/shop_status'

/** Filters of the console's shop list (the list's filter form, sent with GET). */
export const shopListFiltersValidator = vine.create(
  vine
    .object({
      status: vine.enum(SHOP_STATUSES).optional(),
      page: vine.number().withoutDecimals().range([1, 10_000]).optional(),
    })
    .parse(filterForm())
)

/** The page of the console's shop money page (its ledger list, sent with GET). */
export const shopLedgerPageValidator = vine.create(
  vine
    .object({ page: vine.number().withoutDecimals().range([1, 10_000]).optional() })
    .parse(filterForm())
)
