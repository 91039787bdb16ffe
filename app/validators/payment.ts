import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import { PAYMENT_RECORD_STATUSES } from '#enums/payment'
import { paginationFields } from '#validators/pagination'

/** `GET /api/v1/admin/payments`. */
export const adminPaymentListValidator = vine.create(
  vine.object({ status: vine.enum(PAYMENT_RECORD_STATUSES).optional(), ...paginationFields })
)
adminPaymentListValidator.messagesProvider = new SimpleMessagesProvider({
  'status.enum': `The status field must be one of ${PAYMENT_RECORD_STATUSES.join(', ')}`,
})
