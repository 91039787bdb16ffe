import vine from '@vinejs/vine'
import { moneyAmount } from '#validators/money'
import { paginationFields } from '#validators/pagination'

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

/** `POST /api/v1/admin/shipping-methods`. */
export const createShippingMethodValidator = vine.create(
  vine.object({
    name: name(),
    description: description(),
    price: moneyAmount(),
    estimatedDays: estimatedDays(),
    isActive: vine.boolean({ strict: true }).optional(),
  })
)

/** `PUT /api/v1/admin/shipping-methods/{id}`: a partial update. */
export const updateShippingMethodValidator = vine.create(
  vine.object({
    name: name().optional(),
    description: description(),
    price: moneyAmount().optional(),
    estimatedDays: estimatedDays().optional(),
    isActive: vine.boolean({ strict: true }).optional(),
  })
)

/** Both shipping-method lists take only pagination. */
export const shippingMethodListValidator = vine.create(vine.object(paginationFields))
