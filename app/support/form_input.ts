/*
| An HTML form sends every field as text, and the body parser turns an empty one into null. The
| console turns form fields into the JSON types the API's validators expect and then validates with
| those very validators, so every rule and every message is the API's. Nothing here judges a
| value: what cannot be converted is passed on as typed, for the validator to refuse.
*/

import { DateTime } from 'luxon'
import { storeTimezone } from '#support/store_time'

type FormFields = Record<string, unknown>

/** A plain decimal numeral; `Number()` alone would also read `0x10`, `1e3` and `Infinity`. */
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/

/** `<input type="date">`. */
const DATE = /^\d{4}-\d{2}-\d{2}$/

/** `<input type="datetime-local">`: minutes always, seconds and milliseconds when not zero. */
const DATE_TIME_LOCAL = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2})(:\d{2}(?:\.\d{1,3})?)?$/

function isBlank(value: unknown): boolean {
  return value === null || (typeof value === 'string' && !value.trim())
}

/*
| A field the form did not send at all stays undefined (not given); a field sent blank becomes
| `blank`: null where the API reads null as "none", a default where the form says so.
*/

/** A text field. */
export function formText(value: unknown, blank: null | undefined = undefined): unknown {
  return isBlank(value) ? blank : value
}

/** A number field: a decimal numeral becomes its number. */
export function formNumber(value: unknown, blank: null | undefined | number = undefined): unknown {
  if (isBlank(value)) return blank
  if (typeof value === 'string' && DECIMAL.test(value.trim())) return Number(value.trim())
  return value
}

/** A checkbox: an unchecked box is not sent at all, so presence alone means checked. */
export function formCheckbox(value: unknown): boolean {
  return value !== undefined && value !== null
}

/**
 * A `datetime-local` field read as UTC: `2026-11-22T10:00` becomes `2026-11-22T10:00:00Z`, the
 * zone-qualified form the API's date-time rule accepts.
 */
export function formUtcDateTime(value: unknown): unknown {
  if (isBlank(value)) return null
  if (typeof value !== 'string') return value
  const match = DATE_TIME_LOCAL.exec(value.trim())
  return match ? `${match[1]}${match[2] ?? ':00'}Z` : value
}

/**
 * A `datetime-local` field read as the store's wall-clock time, `YYYY-MM-DDThh:mm:ss` without a
 * zone as the coupon API takes it; a browser leaves out seconds that are zero.
 */
export function formStoreDateTime(value: unknown): unknown {
  if (isBlank(value)) return null
  if (typeof value !== 'string') return value
  const match = DATE_TIME_LOCAL.exec(value.trim())
  if (!match) return value
  return match[2] ? `${match[1]}${match[2]}` : `${match[1]}:00`
}

/** A filter form sent with GET: a field left blank (such as "Any") filters nothing. */
export function filterInput(query: FormFields): FormFields {
  return Object.fromEntries(Object.entries(query).filter(([, value]) => !isBlank(value)))
}

/**
 * A `date` field read as a whole day of the store's time zone: its first instant (`start`) or
 * its last (`end`), written with the zone's offset as the API's date-time filters take it.
 */
export function formStoreDay(value: unknown, edge: 'start' | 'end'): unknown {
  if (typeof value !== 'string' || !DATE.test(value.trim())) return value
  const day = DateTime.fromISO(value.trim(), { zone: storeTimezone() })
  if (!day.isValid) return value
  return (edge === 'start' ? day.startOf('day') : day.endOf('day')).toISO()
}

/** The order list's filter form as the admin order list validator's query. */
export function orderFilterInput(query: FormFields): FormFields {
  const fields = filterInput(query)
  return {
    ...fields,
    from: formStoreDay(fields.from, 'start'),
    to: formStoreDay(fields.to, 'end'),
  }
}

/** The activity list's filter form as the activity validator's query (days of the store's zone). */
export function activityFilterInput(query: FormFields): FormFields {
  const fields = filterInput(query)
  return {
    ...fields,
    from: formStoreDay(fields.from, 'start'),
    to: formStoreDay(fields.to, 'end'),
  }
}

/** The policy form (create and edit) as the policy validators' JSON body. */
export function policyFormInput(fields: FormFields): FormFields {
  return {
    type: formText(fields.type),
    title: formText(fields.title, null),
    content: formText(fields.content, null),
    version: formText(fields.version, null),
    effectiveDate: formUtcDateTime(fields.effectiveDate),
  }
}

/**
 * The coupon form (create and edit) as the coupon validators' JSON body. Blank optional fields
 * mean what the form says next to them: no minimum (0), no cap and no usage limit (null).
 */
export function couponFormInput(fields: FormFields): FormFields {
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
  }
}

/**
 * The tax-rate form (create and edit) as the tax-rate validators' JSON body: the rate is a
 * percent; a blank region means the country-wide rate (null). A blank country is left out, so
 * the validator reports it missing rather than reading a null it would let through.
 */
export function taxRateFormInput(fields: FormFields): FormFields {
  return {
    country: formText(fields.country),
    region: formText(fields.region, null),
    rate: formNumber(fields.rate, null),
  }
}

/**
 * The shipping-method form (create and edit) as the shipping-method validators' JSON body: the
 * price is an amount in the store currency; a blank description means none.
 */
export function shippingMethodFormInput(fields: FormFields): FormFields {
  return {
    name: formText(fields.name, null),
    description: formText(fields.description, null),
    price: formNumber(fields.price, null),
    estimatedDays: formNumber(fields.estimatedDays, null),
    isActive: formCheckbox(fields.isActive),
  }
}
