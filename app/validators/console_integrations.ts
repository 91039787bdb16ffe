import vine from '@vinejs/vine'
import { filterForm } from '#validators/form'

/** The page of the console's webhook, delivery and API key lists (sent with GET). */
export const consolePageValidator = vine.create(
  vine
    .object({ page: vine.number().withoutDecimals().range([1, 10_000]).optional() })
    .parse(filterForm())
)
