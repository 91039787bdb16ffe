import vine from '@vinejs/vine'
import { DateTime } from 'luxon'
import { POLICY_TYPES } from '#enums/policy_type'
import { VERSION_MAX_LENGTH, VERSION_PATTERN, parseVersion } from '#services/legal/policy_version'
import { formText, formUtcDateTime, fromForm, type FormFields } from '#validators/form'

/** Longest policy title. */
export const TITLE_MAX_LENGTH = 200

/** Longest policy text, in characters. */
export const CONTENT_MAX_LENGTH = 100_000

/** RFC 3339: date, `T`, time with seconds, optional fraction, and a zone (`Z` or `±hh:mm`). */
const DATE_TIME_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:Z|[+-]\d{2}:\d{2})$/

/** The instant a valid date-time string names, in UTC. */
function toUtc(value: string): DateTime {
  return DateTime.fromISO(value, { setZone: true }).toUTC()
}

/**
 * An ISO 8601 date-time with its zone; a local time without one would be ambiguous. Years are
 * kept between 1970 and 9999 (in UTC) so every accepted value fits both databases.
 */
const dateTimeRule = vine.createRule(
  (value, _options, field) => {
    if (typeof value !== 'string') return
    const instant = DATE_TIME_PATTERN.test(value) ? toUtc(value) : null
    if (!instant?.isValid || instant.year < 1970 || instant.year > 9999) {
      field.report(
        'The {{ field }} field must be an ISO 8601 date-time with a time zone, such as 2026-11-22T10:00:00.000Z',
        'dateTime',
        field
      )
    }
  },
  {
    toJSONSchema: (schema) => {
      schema.format = 'date-time'
    },
  }
)

const versionRule = vine.createRule(
  (value, _options, field) => {
    if (typeof value === 'string' && !parseVersion(value)) {
      field.report(
        'The {{ field }} field must be 1 to 3 dot-separated whole numbers without leading zeros, such as 1, 1.0 or 2.1.3',
        'version',
        field
      )
    }
  },
  {
    toJSONSchema: (schema) => {
      schema.pattern = VERSION_PATTERN.source
    },
  }
)

/** On an update, a field that is sent must carry a value: `null` cannot clear a required field. */
const notNullRule = vine.createRule(
  (value, _options, field) => {
    if (value === null) field.report('The {{ field }} field cannot be null', 'notNull', field)
  },
  { implicit: true }
)

/** A policy's type is fixed at creation: an update that names it is refused, whatever the value. */
const immutableRule = vine.createRule(
  (value, _options, field) => {
    if (value !== undefined) {
      field.report('The {{ field }} field cannot be changed after creation', 'immutable', field)
    }
  },
  { implicit: true }
)

const title = () => vine.string().trim().minLength(1).maxLength(TITLE_MAX_LENGTH)
const content = () => vine.string().trim().minLength(1).maxLength(CONTENT_MAX_LENGTH)
const version = () => vine.string().trim().maxLength(VERSION_MAX_LENGTH).use(versionRule())
const dateTime = () => vine.string().trim().use(dateTimeRule())

/** The console's policy form (create and edit) as the JSON body; its dates are UTC. */
function policyForm(fields: FormFields): FormFields {
  return {
    type: formText(fields.type),
    title: formText(fields.title, null),
    content: formText(fields.content, null),
    version: formText(fields.version, null),
    effectiveDate: formUtcDateTime(fields.effectiveDate),
  }
}

/** `POST /policy`, and the console's new-version form (`meta: { form: true }`). */
export const createPolicyValidator = vine.create(
  vine
    .object({
      type: vine.enum(POLICY_TYPES),
      title: title(),
      content: content(),
      version: version(),
      effectiveDate: dateTime().transform(toUtc),
    })
    .parse(fromForm(policyForm))
)

/**
 * `PUT /policy/{id}`: every field optional; `type` is refused. The console's edit form
 * (`meta: { form: true }`) sends every field but the type.
 */
export const updatePolicyValidator = vine.create(
  vine
    .object({
      type: vine.any().use(immutableRule()).optional(),
      title: title().use(notNullRule()).optional(),
      content: content().use(notNullRule()).optional(),
      version: version().use(notNullRule()).optional(),
      effectiveDate: dateTime().use(notNullRule()).transform(toUtc).optional(),
    })
    .parse(fromForm(policyForm))
)

/** `GET /policy?active=true|false`. */
export const policyListValidator = vine.create({
  active: vine.boolean().optional(),
})

/** The `{type}` path parameter of `GET /policy/{type}`. */
export const policyTypeValidator = vine.create({
  type: vine.enum(POLICY_TYPES),
})
