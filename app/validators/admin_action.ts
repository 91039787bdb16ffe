import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES } from '#models/admin_action'
import { paginationFields } from '#validators/pagination'
import { dateRangeFields } from '#validators/order'
import { filterForm, storeDayRange } from '#validators/form'

const filterFields = () => ({
  actorId: vine.string().trim().uuid().optional(),
  action: vine.enum(AUDIT_ACTIONS).optional(),
  targetType: vine.enum(AUDIT_TARGET_TYPES).optional(),
  targetId: vine.string().trim().minLength(1).maxLength(64).optional(),
  ...dateRangeFields(),
})

const messages = new SimpleMessagesProvider({
  'action.enum': `The action field must be one of ${AUDIT_ACTIONS.join(', ')}`,
  'targetType.enum': `The targetType field must be one of ${AUDIT_TARGET_TYPES.join(', ')}`,
})

/** `GET /api/v1/admin/activity`. */
export const activityListValidator = vine.create(
  vine.object({ ...filterFields(), ...paginationFields })
)
activityListValidator.messagesProvider = messages

/**
 * The console's Activity page (its filter form, sent with GET): the API's filters, with days of
 * the store's time zone, and the page number.
 */
export const consoleActivityListValidator = vine.create(
  vine
    .object({
      ...filterFields(),
      page: vine.number().withoutDecimals().range([1, 10_000]).optional(),
    })
    .parse(filterForm(storeDayRange))
)
consoleActivityListValidator.messagesProvider = messages
