import vine from '@vinejs/vine'
import { paginationFields } from '#validators/pagination'
import { moneyAmount } from '#validators/money'
import { PRODUCT_SORTS } from '#models/product'
import { uuidField } from '#validators/uuid'
import { formText, fromForm } from '#validators/form'
import { categoryIdsField } from '#validators/category'
import { MAX_OPTIONS, MAX_OPTION_VALUES, MAX_VARIANTS } from '#services/catalog/variant_rules'

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

const optionText = () => vine.string().trim().minLength(1).maxLength(50)

/**
 * A product's options: up to three, each with up to 30 values (names distinct ignoring case and
 * values distinct within their option are checked by `checkedOptions`, with the 422 of the
 * variant rules).
 */
const options = () =>
  vine
    .array(
      vine.object({
        name: optionText(),
        values: vine.array(optionText()).minLength(1).maxLength(MAX_OPTION_VALUES),
      })
    )
    .maxLength(MAX_OPTIONS)

/** One value for each option, by name: `{ "Size": "M" }` (checked against the options). */
const optionValues = () =>
  vine
    .record(optionText())
    .maxLength(MAX_OPTIONS)
    .validateKeys((keys, field) => {
      if (keys.some((key) => key.length === 0 || key.length > 50)) {
        field.report('Option names are 1 to 50 characters', 'optionValues', field)
      }
    })

const variantFields = {
  sku: sku(),
  price: price(),
  stock: stock(),
  isActive: vine.boolean({ strict: true }).optional(),
  optionValues: optionValues(),
}

/**
 * `POST /api/v1/seller/products`: `sku`, `price` and `stock` for a product without options, or
 * `options` and `variants` (docs/api/catalog.md, "Variants").
 */
export const createProductValidator = vine.create({
  shopId: uuidField(),
  name: name(),
  description: description(),
  sku: sku().optional().requiredIfMissing('variants'),
  price: price().optional().requiredIfMissing('variants'),
  stock: stock().optional().requiredIfMissing('variants'),
  isActive: vine.boolean({ strict: true }).optional(),
  categoryIds: categoryIdsField(),
  options: options().optional(),
  variants: vine.array(vine.object(variantFields)).minLength(1).maxLength(MAX_VARIANTS).optional(),
})

/**
 * `PUT /api/v1/seller/products/{id}`: a partial update; `sku`, `price` and `stock` only for a
 * product without options.
 */
export const updateProductValidator = vine.create({
  shopId: uuidField().optional(),
  name: name().optional(),
  description: description(),
  sku: sku().optional(),
  price: price().optional(),
  stock: stock().optional(),
  isActive: vine.boolean({ strict: true }).optional(),
  categoryIds: categoryIdsField(),
  options: options().optional(),
})

/** `POST /api/v1/seller/products/{id}/variants`. */
export const createVariantValidator = vine.create(variantFields)

/** `PUT /api/v1/seller/products/{id}/variants/{variantId}`: a partial update. */
export const updateVariantValidator = vine.create({
  sku: sku().optional(),
  price: price().optional(),
  stock: stock().optional(),
  isActive: vine.boolean({ strict: true }).optional(),
  optionValues: optionValues().optional(),
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
