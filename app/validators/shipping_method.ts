import vine from '@vinejs/vine'
import { moneyAmount } from '#validators/money'
import { paginationFields } from '#validators/pagination'
import { formCheckbox, formNumber, formText, fromForm, type FormFields } from '#validators/form'

/** The longest delivery estimate accepted, in days. */
export const MAX_ESTIMATED_DAYS = 365

const name = () => vine.string().trim().minLength(1).maxLength(100)

const description = () =>
  vine
    .string()
    .trim()
    .maxLength(500)
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional()

const estimatedDays = () =>
  vine.number({ strict: true }).withoutDecimals().range([0, MAX_ESTIMATED_DAYS])

/**
 * The console's shipping-method form (create and edit) as the JSON body: the price is an amount
 * in the store currency; a blank description means none; an unticked box, inactive.
 */
function shippingMethodForm(fields: FormFields): FormFields {
  return {
    name: formText(fields.name, null),
    description: formText(fields.description, null),
    price: formNumber(fields.price, null),
    estimatedDays: formNumber(fields.estimatedDays, null),
    isActive: formCheckbox(fields.isActive),
  }
}

/** `POST /api/v1/admin/shipping-methods`, and the console's form (`meta: { form: true }`). */
export const createShippingMethodValidator = vine.create(
  vine
    .object({
      name: name(),
      description: description(),
      price: moneyAmount(),
      estimatedDays: estimatedDays(),
      isActive: vine.boolean({ strict: true }).optional(),
    })
    .parse(fromForm(shippingMethodForm))
)

/**
 * `PUT /api/v1/admin/shipping-methods/{id}`: a partial update. The console's edit form
 * (`meta: { form: true }`) sends every field.
 */
export const updateShippingMethodValidator = vine.create(
  vine
    .object({
      name: name().optional(),
      description: description(),
      price: moneyAmount().optional(),
      estimatedDays: estimatedDays().optional(),
      isActive: vine.boolean({ strict: true }).optional(),
    })
    .parse(fromForm(shippingMethodForm))
)

/** Both shipping-method lists take only pagination. */
export const shippingMethodListValidator = vine.create(vine.object(paginationFields))
