import vine from '@vinejs/vine'
import { paginationFields } from '#validators/pagination'
import { MAX_AMOUNT, moneyAmount } from '#validators/money'
import { amountToCents } from '#support/money'
import {
  CATALOG_SORT_ALIASES,
  CATALOG_SORTS,
  type CatalogSort,
} from '#services/catalog/catalog_service'
import { uuidField } from '#validators/uuid'
import { formCheckbox, formNumber, formText, fromForm, type FormFields } from '#validators/form'
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

/**
 * A field the console's edit forms always send and an edit may not clear: sent blank, it reaches
 * the rules as empty text and is refused by them (an optional field would read null as "not
 * given"); not sent at all, it stays not given.
 */
function formKept(value: unknown, convert: (text: unknown) => unknown = (text) => text): unknown {
  if (value === undefined) return undefined
  if (value === null || (typeof value === 'string' && !value.trim())) return ''
  return convert(value)
}

/**
 * The console's option selects, `options[i][name]` and `options[i][value]` (an option's name can
 * hold any character, so it is sent as a value, never in a field's name), as `optionValues`.
 * Anything else is passed on for the rules to refuse.
 */
function formOptionValues(value: unknown): unknown {
  if (value === undefined || value === null) return {}
  if (!Array.isArray(value)) return value
  const pairs = value.map((entry: unknown) => {
    const { name: option, value: chosen } = (entry ?? {}) as Record<string, unknown>
    return typeof option === 'string' ? [option, chosen ?? ''] : null
  })
  if (pairs.some((pair) => pair === null)) return value
  return Object.fromEntries(pairs as [string, unknown][])
}

/**
 * The console's product form: name, description and categories, and the one variant's SKU,
 * price and stock on a product without options (its form has no such fields otherwise). Only
 * these fields are read: a product's shop, options and seller's switch are not the console's.
 */
function productForm(fields: FormFields): FormFields {
  return {
    name: formKept(fields.name),
    description: formText(fields.description, null),
    categoryIds: fields.categoryIds ?? [],
    sku: formKept(fields.sku),
    price: formKept(fields.price, formNumber),
    stock: formKept(fields.stock, formNumber),
  }
}

/** The console's new-variant form. */
function newVariantForm(fields: FormFields): FormFields {
  return {
    sku: formText(fields.sku),
    price: formNumber(fields.price),
    stock: formNumber(fields.stock),
    isActive: formCheckbox(fields.isActive),
    optionValues: formOptionValues(fields.options),
  }
}

/** The console's form of one variant: its price, stock and switch. */
function variantForm(fields: FormFields): FormFields {
  return {
    price: formKept(fields.price, formNumber),
    stock: formKept(fields.stock, formNumber),
    isActive: formCheckbox(fields.isActive),
  }
}

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
 * product without options. Also the console's product form (`meta: { form: true }`).
 */
export const updateProductValidator = vine.create(
  vine
    .object({
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
    .parse(fromForm(productForm))
)

/**
 * `POST /api/v1/seller/products/{id}/variants`, and the console's new-variant form
 * (`meta: { form: true }`).
 */
export const createVariantValidator = vine.create(
  vine.object(variantFields).parse(fromForm(newVariantForm))
)

/**
 * `PUT /api/v1/seller/products/{id}/variants/{variantId}`: a partial update. Also the console's
 * form of one variant (`meta: { form: true }`).
 */
export const updateVariantValidator = vine.create(
  vine
    .object({
      sku: sku().optional(),
      price: price().optional(),
      stock: stock().optional(),
      isActive: vine.boolean({ strict: true }).optional(),
      optionValues: optionValues().optional(),
    })
    .parse(fromForm(variantForm))
)

/** `GET /api/v1/seller/products`. */
export const sellerProductListValidator = vine.create({
  shopId: uuidField().optional(),
  ...paginationFields,
})

/** The longest catalog search text, after trimming. */
export const MAX_CATALOG_SEARCH_LENGTH = 100

/** A money amount written in a query string: digits, at most two decimals ("10", "10.5"). */
const QUERY_AMOUNT = /^\d{1,7}(\.\d{1,2})?$/

/** A query-string amount's ceiling, the money rules' own (1,000,000.00). */
const withinMaxAmount = vine.createRule((value, _options, field) => {
  if (typeof value === 'string' && Number(value) > MAX_AMOUNT) {
    field.report(`The {{ field }} field must be at most ${MAX_AMOUNT}`, 'max', field)
  }
})

/** `maxPrice` below `minPrice` is a mistake, not an empty page. */
const notBelowMinPrice = vine.createRule((value, _options, field) => {
  const min: unknown = field.parent?.minPrice
  if (typeof value !== 'string' || typeof min !== 'string' || !QUERY_AMOUNT.test(min)) return
  if (Number(value) < Number(min)) {
    field.report('The {{ field }} field must not be below minPrice', 'notBelowMinPrice', field)
  }
})

/**
 * A price bound in a query string, in the API's money format (a decimal with at most two places,
 * 0 to 1,000,000), as integer cents. A string pattern rather than `vine.number()`, which would
 * read "", "0x10" or "1e3" as numbers.
 */
const queryPrice = () => vine.string().trim().regex(QUERY_AMOUNT).use(withinMaxAmount())

type SortAlias = keyof typeof CATALOG_SORT_ALIASES
const SORT_ALIAS_NAMES = Object.keys(CATALOG_SORT_ALIASES) as SortAlias[]
const isSortAlias = (sort: string): sort is SortAlias => Object.hasOwn(CATALOG_SORT_ALIASES, sort)

/** `sort`, its former names (`price_asc`, `price_desc`) turned into the current ones. */
const catalogSort = () =>
  vine
    .enum([...CATALOG_SORTS, ...SORT_ALIAS_NAMES])
    .transform((sort): CatalogSort => (isSortAlias(sort) ? CATALOG_SORT_ALIASES[sort] : sort))

/** `GET /api/v1/products`: text search, filters, ordering and pagination. */
export const catalogListValidator = vine.create({
  q: vine.string().trim().maxLength(MAX_CATALOG_SEARCH_LENGTH).optional(),
  shopId: uuidField().optional(),
  categoryId: uuidField().optional(),
  minPrice: queryPrice()
    .transform((amount) => amountToCents(Number(amount)))
    .optional(),
  maxPrice: queryPrice()
    .use(notBelowMinPrice())
    .transform((amount) => amountToCents(Number(amount)))
    .optional(),
  inStock: vine.boolean().optional(),
  sort: catalogSort().optional(),
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
