import vine from '@vinejs/vine'
import { filterForm } from '#validators/form'

/** The longest text the console's search takes: longer than any code, number, e-mail or name. */
export const MAX_SEARCH_LENGTH = 100

/** The console header's search (a form sent with GET); a blank search asks nothing. */
export const consoleSearchValidator = vine.create(
  vine
    .object({ q: vine.string().trim().maxLength(MAX_SEARCH_LENGTH).optional() })
    .parse(filterForm())
)
