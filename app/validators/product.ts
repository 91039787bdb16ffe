import vine from '@vinejs/vine'
import { paginationFields } from '#validators/pagination'
import { moneyAmount } from '#validators/money'
import { PRODUCT_SORTS } from '#models/product'
import { uuidField } from '#validators/uuid'
import { formText, fromForm } from '#validators/form'
import { categoryIdsField } from '#validators/category'

/** The largest stock a product may hold. */
export const MAX_STOCK = 1_000_000

/** A price: the money rules with zero refused (the smallest price is one cent). */
const price = () => moneyAmount({ min: 0.01 })

const stock = () => vine.number({ strict: true }).withoutDecimals().min(0).max(MAX_STOCK)

const name = () => vine.string().trim().minLength(1).maxLength(200)

const description = () =>
  vine
    .string()
    .trim()
    .maxLength(5000)
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional()

/** SKUs compare case-insensitively, so they are stored upper-case. */
const sku = () =>
  vine
    .string()
    .trim()
    .minLength(1)
    .maxLength(64)
    .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/)
    .toUpperCase()

/** `POST /api/v1/seller/products`. */
export const createProductValidator = vine.create({
  shopId: uuidField(),
  name: name(),
  description: description(),
  sku: sku(),
  price: price(),
  stock: stock(),
  isActive: vine.boolean({ strict: true }).optional(),
  categoryIds: categoryIdsField(),
})

/** `PUT /api/v1/seller/products/{id}`: a partial update. */
export const updateProductValidator = vine.create({
  shopId: uuidField().optional(),
  name: name().optional(),
  description: description(),
  sku: sku().optional(),
  price: price().optional(),
  stock: stock().optional(),
  isActive: vine.boolean({ strict: true }).optional(),
  categoryIds: categoryIdsField(),
})

/** `GET /api/v1/seller/products`. */
export const sellerProductListValidator = vine.create({
  shopId: uuidField().optional(),
  ...paginationFields,
})

/** `GET /api/v1/products`: text search, shop filter, ordering and pagination. */
export const catalogListValidator = vine.create({
  q: vine.string().trim().maxLength(100).optional(),
  shopId: uuidField().optional(),
  categoryId: uuidField().optional(),
  sort: vine.enum(PRODUCT_SORTS).optional(),
  ...paginationFields,
})

/** The longest takedown reason, as the `takedown_reason` column holds it. */
export const MAX_TAKEDOWN_REASON = 500

/**
 * An administrator's takedown of a product: the reason its seller is shown (the console's form,
 * `meta: { form: true }`, where a blank reason is a missing one).
 */
export const takedownValidator = vine.create(
  vine
    .object({ reason: vine.string().trim().minLength(1).maxLength(MAX_TAKEDOWN_REASON) })
    .parse(fromForm((fields) => ({ reason: formText(fields.reason) })))
)
