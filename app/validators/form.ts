/*
| An HTML form sends every field as text, and the body parser turns an empty one into null. The
| console validates its forms with the API's own validators, so every rule and every message is the
| API's: each validator that a console form posts to turns the form's text into the API's JSON
| types first, in its `parse`, when called with `meta: { form: true }`. Nothing here judges a
| value: what cannot be converted is passed on as typed, for the rules to refuse.
*/

import { DateTime } from 'luxon'
import type { FieldContext } from '@vinejs/vine/types'
import { storeTimezone } from '#support/store_time'

/** Fields as an HTML form or a query string sends them. */
export type FormFields = Record<string, unknown>

/** A plain decimal numeral; `Number()` alone would also read `0x10`, `1e3` and `Infinity`. */
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/

/** `<input type="date">`. */
const DATE = /^\d{4}-\d{2}-\d{2}$/

/** `<input type="datetime-local">`: minutes always, seconds and milliseconds when not zero. */
const DATE_TIME_LOCAL = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2})(:\d{2}(?:\.\d{1,3})?)?$/

function isBlank(value: unknown): boolean {
  return value === null || (typeof value === 'string' && !value.trim())
}

function isFields(value: unknown): value is FormFields {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * The `parse` of a validator a console form posts to: with `meta: { form: true }` the form's
 * fields are turned into the JSON body the API takes by `convert`; JSON is left as it is.
 */
export function fromForm(convert: (fields: FormFields) => FormFields) {
  return (value: unknown, { meta }: Pick<FieldContext, 'meta'>) =>
    meta?.form === true && isFields(value) ? convert(value) : value
}

/**
 * The `parse` of a console list's filters (a form sent with GET): a field left blank (such as
 * "Any") filters nothing; `convert` turns what remains into the validator's input.
 */
export function filterForm(convert: (fields: FormFields) => FormFields = (fields) => fields) {
  return (value: unknown) => (isFields(value) ? convert(filterInput(value)) : value)
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

/**
 * The fields of a filter form that were filled in: the ones the list's validator reads, and the
 * ones its pager's links keep.
 */
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

/**
 * The `from` and `to` days of a console list's filter form (orders, activity) as the API's
 * date-time filters take them: whole days of the store's time zone.
 */
export function storeDayRange(fields: FormFields): FormFields {
  return {
    ...fields,
    from: formStoreDay(fields.from, 'start'),
    to: formStoreDay(fields.to, 'end'),
  }
}
