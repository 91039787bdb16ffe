import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import { isCountryCode } from '#support/countries'
import { paginationFields } from '#validators/pagination'

/** An officially assigned ISO 3166-1 alpha-2 code; runs after the value was upper-cased. */
const countryCodeRule = vine.createRule((value, _options, field) => {
  if (typeof value !== 'string') return
  if (!isCountryCode(value)) {
    field.report(
      'The {{ field }} field must be an ISO 3166-1 alpha-2 country code such as US or DE',
      'countryCode',
      field
    )
  }
})

/**
 * A country code in any case, trimmed, stored upper-case. The regex never refuses what the rule
 * let through: it is there so that the OpenAPI document shows the pattern. (VineJS's `meta()`
 * would say so too, but a field wrapped in it no longer refuses null.)
 */
export function countryCode() {
  return vine
    .string()
    .trim()
    .toUpperCase()
    .use(countryCodeRule())
    .regex(/^[A-Za-z]{2}$/)
}

/** Optional text: trimmed, length-limited, and '' means "none" (stored as null). */
const optionalText = (max: number) =>
  vine
    .string()
    .trim()
    .maxLength(max)
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional()

const required = (max: number) => vine.string().trim().minLength(1).maxLength(max)

const fields = {
  fullName: required(100),
  // Digits, spaces, + - ( ), with at least one digit.
  phone: vine
    .string()
    .trim()
    .maxLength(32)
    .regex(/^(?=.*\d)[\d +()-]+$/),
  line1: required(200),
  line2: optionalText(200),
  city: required(100),
  state: optionalText(100),
  postalCode: vine
    .string()
    .trim()
    .maxLength(20)
    .regex(/^[A-Za-z0-9 -]*$/)
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional(),
  country: countryCode(),
  isDefault: vine.boolean({ strict: true }).optional(),
}

const messages = new SimpleMessagesProvider({
  'phone.regex':
    'The phone field may contain only digits, spaces and + - ( ), with at least one digit',
  'postalCode.regex': 'The postalCode field may contain only letters, digits, spaces and hyphens',
})

/** `POST /api/v1/checkout/shipping-address`. */
export const createShippingAddressValidator = vine.create(vine.object(fields))
createShippingAddressValidator.messagesProvider = messages

/** `PUT /api/v1/checkout/shipping-address/{id}`: a partial update; null clears an optional field. */
export const updateShippingAddressValidator = vine.create(
  vine.object({
    fullName: fields.fullName.optional(),
    phone: fields.phone.optional(),
    line1: fields.line1.optional(),
    line2: optionalText(200),
    city: fields.city.optional(),
    state: optionalText(100),
    postalCode: fields.postalCode,
    country: countryCode().optional(),
    isDefault: vine.boolean({ strict: true }).optional(),
  })
)
updateShippingAddressValidator.messagesProvider = messages

/** `GET /api/v1/checkout/shipping-address`. */
export const shippingAddressListValidator = vine.create(vine.object(paginationFields))
