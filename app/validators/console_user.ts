import vine from '@vinejs/vine'
import { filterForm } from '#validators/form'
import { USER_TYPES } from '#enums/user_type'
import { emailFragment } from '#validators/email'

/** Filters of the console's user list (the list's filter form, sent with GET). */
export const userListFiltersValidator = vine.create(
  vine
    .object({
      email: emailFragment().optional(),
      type: vine.enum(USER_TYPES).optional(),
      status: vine.enum(['active', 'inactive', 'awaiting_approval'] as const).optional(),
      page: vine.number().withoutDecimals().range([1, 10_000]).optional(),
    })
    .parse(filterForm())
)
