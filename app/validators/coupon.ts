import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import type { DateTime } from 'luxon'
import { MAX_AMOUNT, moneyAmount } from '#validators/money'
import { amountToCents } from '#support/money'
import { parseStoreDateTime, type StoreDateTimeProblem } from '#support/store_time'
import { DISCOUNT_TYPES } from '#enums/discount_type'
import { COUPON_FUNDINGS } from '#enums/ledger'
import {
  formCheckbox,
  formNumber,
  formStoreDateTime,
  formText,
  fromForm,
  type FormFields,
} from '#validators/form'

/** The largest usageLimit accepted; far above any real campaign, well inside a 32-bit column. */
export const MAX_USAGE_LIMIT = 1_000_000_000

const CODE_PATTERN = /^[A-Za-z0-9_-]+$/

const DATE_PROBLEMS: Record<StoreDateTimeProblem, string> = {
  format:
    'The {{ field }} field must be a local date-time YYYY-MM-DDThh:mm:ss, without a time zone',
  calendar: 'The {{ field }} field is not a real calendar date and time',
  range: 'The {{ field }} field must lie between the years 2000 and 9999',
  gap: 'The {{ field }} field names a time that does not exist in the store time zone (skipped by a daylight-saving change)',
}

/** Wall-clock time in STORE_TIMEZONE; the transform below relies on this rule having passed. */
const storeDateTime = vine.createRule((value, _options, field) => {
  if (typeof value !== 'string') return
  const parsed = parseStoreDateTime(value)
  if (!parsed.ok) field.report(DATE_PROBLEMS[parsed.problem], 'storeDateTime', field)
})

/** A PERCENTAGE value is a percent, so 100 is its ceiling whatever MAX_AMOUNT allows. */
const percentageCeiling = vine.createRule((value, _options, field) => {
  const type = (field.parent as Record<string, unknown> | undefined)?.discountType
  if (typeof value === 'number' && type === 'PERCENTAGE' && value > 100) {
    field.report(
      'The {{ field }} field of a PERCENTAGE coupon must be at most 100',
      'percentageCeiling',
      field
    )
  }
})

/**
 * The end after the start, when both are given and readable, so a form learns it together with
 * every other mistake instead of after fixing them (`CouponService` checks it again with an
 * update's stored start).
 */
const endAfterStart = vine.createRule((value, _options, field) => {
  const start = (field.parent as Record<string, unknown> | undefined)?.startDate
  if (typeof value !== 'string' || typeof start !== 'string') return
  const from = parseStoreDateTime(start)
  const until = parseStoreDateTime(value)
  if (from.ok && until.ok && until.instant.toMillis() <= from.instant.toMillis()) {
    field.report('The {{ field }} field must be after startDate', 'endAfterStart', field)
  }
})

// VineJS treats null in an optional field as absent; for a field that cannot be cleared, an
// explicit null is a mistake worth a 400 rather than a silent no-op.
const notNull = vine.createRule(
  (value, _options, field) => {
    if (value === null) field.report('The {{ field }} field cannot be null', 'notNull', field)
  },
  { implicit: true }
)

function toInstant(text: string): DateTime {
  const parsed = parseStoreDateTime(text)
  if (!parsed.ok) throw new TypeError(`storeDateTime rule let "${text}" through`)
  return parsed.instant
}

/** A coupon code: 3 to 32 of A-Z 0-9 _ -, any case in, upper-case out. */
export function couponCode() {
  return vine.string().trim().minLength(3).maxLength(32).regex(CODE_PATTERN).toUpperCase()
}

/**
 * Amount (FIXED) or percent (PERCENTAGE), > 0 with at most two decimals, held ×100 as an integer
 * either way: cents, or hundredths of a percent (12.5 → 1250). Not moneyAmount(): the percent
 * ceiling must run before the ×100 transform, and a transformed schema takes no more rules.
 */
function discountValue() {
  return vine
    .number({ strict: true })
    .positive()
    .max(MAX_AMOUNT)
    .decimal([0, 2])
    .use(percentageCeiling())
    .transform((value) => amountToCents(value))
}

// moneyAmount().nullable() would hand the transform a null and store 0, so the cap spells out
// the same money rules and keeps null for "no cap".
function maxDiscountAmount() {
  return vine
    .number({ strict: true })
    .positive()
    .max(MAX_AMOUNT)
    .decimal([0, 2])
    .nullable()
    .transform((amount) => (amount === null ? null : amountToCents(amount)))
}

function storeDate() {
  return vine.string().use(storeDateTime()).transform(toInstant)
}

function endDate() {
  return vine.string().use(storeDateTime()).use(endAfterStart()).transform(toInstant)
}

function usageLimit() {
  return vine.number({ strict: true }).withoutDecimals().range([1, MAX_USAGE_LIMIT]).nullable()
}

/**
 * The console's coupon form (create and edit) as the JSON body. Blank optional fields mean what
 * the form says next to them: no minimum (0), no cap and no usage limit (null).
 */
function couponForm(fields: FormFields): FormFields {
  return {
    code: formText(fields.code, null),
    discountType: formText(fields.discountType, null),
    discountValue: formNumber(fields.discountValue, null),
    minOrderAmount: formNumber(fields.minOrderAmount, 0),
    maxDiscountAmount: formNumber(fields.maxDiscountAmount, null),
    startDate: formStoreDateTime(fields.startDate),
    endDate: formStoreDateTime(fields.endDate),
    usageLimit: formNumber(fields.usageLimit, null),
    isActive: formCheckbox(fields.isActive),
    fundedBy: formText(fields.fundedBy, undefined),
  }
}

const messages = {
  'code.regex': 'The code field may contain only letters A-Z, digits 0-9, "_" and "-"',
  'discountType.enum': 'The discountType field must be FIXED or PERCENTAGE',
  'fundedBy.enum': 'The fundedBy field must be MARKETPLACE or SELLERS',
  'positive': 'The {{ field }} field must be greater than 0',
  'decimal': 'The {{ field }} field must have at most 2 decimal places',
  'usageLimit.withoutDecimals': 'The usageLimit field must be a whole number',
}

/**
 * POST /api/v1/admin/coupons, and the console's new-coupon form (`meta: { form: true }`).
 * `usageCount` is not a field: anything sent for it is dropped.
 */
export const createCouponValidator = vine.create(
  vine
    .object({
      code: couponCode(),
      discountType: vine.enum(DISCOUNT_TYPES),
      discountValue: discountValue(),
      minOrderAmount: moneyAmount().optional().use(notNull()),
      maxDiscountAmount: maxDiscountAmount().optional(),
      startDate: storeDate(),
      endDate: endDate(),
      usageLimit: usageLimit().optional(),
      isActive: vine.boolean({ strict: true }).optional().use(notNull()),
      fundedBy: vine.enum(COUPON_FUNDINGS).optional().use(notNull()),
    })
    .parse(fromForm(couponForm))
)
createCouponValidator.messagesProvider = new SimpleMessagesProvider(messages)

/**
 * PUT /api/v1/admin/coupons/{id}: every field optional; a new discountType needs its value. The
 * console's edit form (`meta: { form: true }`) sends every field.
 */
export const updateCouponValidator = vine.create(
  vine
    .object({
      code: couponCode().optional().use(notNull()),
      discountType: vine.enum(DISCOUNT_TYPES).optional().use(notNull()),
      discountValue: discountValue().optional().requiredIfExists('discountType').use(notNull()),
      minOrderAmount: moneyAmount().optional().use(notNull()),
      maxDiscountAmount: maxDiscountAmount().optional(),
      startDate: storeDate().optional().use(notNull()),
      endDate: endDate().optional().use(notNull()),
      usageLimit: usageLimit().optional(),
      isActive: vine.boolean({ strict: true }).optional().use(notNull()),
      fundedBy: vine.enum(COUPON_FUNDINGS).optional().use(notNull()),
    })
    .parse(fromForm(couponForm))
)
updateCouponValidator.messagesProvider = new SimpleMessagesProvider({
  ...messages,
  'discountValue.required':
    'The discountValue field is required when discountType changes, so the value is not reinterpreted',
})

/** GET /api/v1/coupons/{code}: the path parameter. */
export const couponLookupValidator = vine.create(vine.object({ code: couponCode() }))
couponLookupValidator.messagesProvider = new SimpleMessagesProvider(messages)
