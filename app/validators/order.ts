import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import { DateTime } from 'luxon'
import { ORDER_STATUSES, type PaymentStatus } from '#enums/order_status'
import { paginationFields } from '#validators/pagination'
import { uuidField } from '#validators/uuid'

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/

/** An ISO 8601 date (`2026-11-22`, a whole UTC day) or instant (`2026-11-22T10:00:00Z`). */
const isoDateRule = vine.createRule((value, _options, field) => {
  if (typeof value !== 'string') return
  const parsed = DateTime.fromISO(value, { zone: 'utc' })
  if (!parsed.isValid || !/^\d{4}-\d{2}-\d{2}/.test(value)) {
    field.report(
      'The {{ field }} field must be an ISO 8601 date (2026-11-22) or date-time (2026-11-22T10:00:00Z)',
      'isoDate',
      field
    )
  }
})

/** `to` must not be before `from` (which may already have been turned into an instant). */
const notBeforeFrom = vine.createRule((value, _options, field) => {
  const from = (field.parent as { from?: unknown }).from
  if (typeof value !== 'string') return
  const start =
    from instanceof DateTime
      ? from
      : typeof from === 'string'
        ? DateTime.fromISO(from, { zone: 'utc' })
        : null
  const end = DateTime.fromISO(value, { zone: 'utc' })
  if (start?.isValid && end.isValid && end < start) {
    field.report('The to field must not be before the from field', 'notBeforeFrom', field)
  }
})

const isoDate = () => vine.string().trim().maxLength(40).use(isoDateRule())

/**
 * The instant a `to` filter stops before: the next day for a date, so `to=2026-11-30` includes
 * the whole of that day; just after the instant for a date-time, so it is included.
 */
function untilOf(to: string): DateTime {
  const parsed = DateTime.fromISO(to, { zone: 'utc' })
  return DATE_ONLY.test(to) ? parsed.plus({ days: 1 }) : parsed.plus({ milliseconds: 1 })
}

/** The instant a `from` filter starts at. */
function fromOf(from: string): DateTime {
  return DateTime.fromISO(from, { zone: 'utc' })
}

const status = () => vine.enum(ORDER_STATUSES)

/** The payment statuses recorded by hand: money received. Refunds have routes of their own. */
const RECORDED_BY_HAND = ['PAID'] as const satisfies readonly PaymentStatus[]

/**
 * The `from`/`to` filters of the admin lists: `from` becomes the first instant, `to` the
 * instant the range stops before.
 */
export const dateRangeFields = () => ({
  from: isoDate().transform(fromOf).optional(),
  to: isoDate().use(notBeforeFrom()).transform(untilOf).optional(),
})

/** The filters of the admin order list, which the console's order list takes too. */
export const adminOrderFilterFields = () => ({
  status: status().optional(),
  shopId: uuidField().optional(),
  ...dateRangeFields(),
})

/** The messages of the order validators. */
export const orderMessages = new SimpleMessagesProvider({
  'status.enum': `The status field must be one of ${ORDER_STATUSES.join(', ')}`,
  'paymentStatus.enum': `The paymentStatus field must be ${RECORDED_BY_HAND.join(', ')}: refunds are not recorded here`,
})

/** `GET /api/v1/orders`. */
export const customerOrderListValidator = vine.create(
  vine.object({ status: status().optional(), ...paginationFields })
)
customerOrderListValidator.messagesProvider = orderMessages

/** `GET /api/v1/seller/orders`. */
export const sellerOrderListValidator = vine.create(
  vine.object({
    status: status().optional(),
    shopId: uuidField().optional(),
    ...paginationFields,
  })
)
sellerOrderListValidator.messagesProvider = orderMessages

/** `GET /api/v1/admin/orders`. */
export const adminOrderListValidator = vine.create(
  vine.object({ ...adminOrderFilterFields(), ...paginationFields })
)
adminOrderListValidator.messagesProvider = orderMessages

/** An `http://` or `https://` address (a tracking page); anything else is refused. */
const webAddress = vine.createRule((value, _options, field) => {
  // A blank field (a console form's empty input) says nothing; it is stored as null.
  if (typeof value !== 'string' || value === '') return
  let protocol: string | null = null
  try {
    protocol = new URL(value).protocol
  } catch {
    protocol = null
  }
  if (protocol !== 'http:' && protocol !== 'https:') {
    field.report(
      'The {{ field }} field must be an http:// or https:// address',
      'webAddress',
      field
    )
  }
})

/**
 * The shipment a move to SHIPPED may carry (docs/api/returns.md): each field optional and
 * trimmed; a blank one is as if not sent.
 */
export const shipmentFields = () => ({
  carrier: vine.string().trim().maxLength(100).optional(),
  trackingNumber: vine.string().trim().maxLength(100).optional(),
  trackingUrl: vine.string().trim().maxLength(500).use(webAddress()).optional(),
})

/** `PUT /api/v1/{seller,admin}/orders/{id}/status`, with the shipment on a move to SHIPPED. */
export const orderStatusValidator = vine.create(
  vine.object({ status: status(), ...shipmentFields() })
)
orderStatusValidator.messagesProvider = orderMessages

/** `PUT /api/v1/{seller,admin}/orders/{id}/payment-status`: money received, nothing else. */
export const paymentStatusValidator = vine.create(
  vine.object({ paymentStatus: vine.enum(RECORDED_BY_HAND) })
)
paymentStatusValidator.messagesProvider = orderMessages
