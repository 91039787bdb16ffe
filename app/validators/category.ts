import vine from '@vinejs/vine'
import { paginationFields } from '#validators/pagination'
import { uuidField } from '#validators/uuid'

/** The most categories one product may be filed under. */
export const MAX_PRODUCT_CATEGORIES = 20

const name = () => vine.string().trim().minLength(1).maxLength(120)

/**
 * Slugs are lower-case ASCII letters, digits and single hyphens: being ASCII, no two can look
 * alike (a Cyrillic "а" or a full-width letter is refused, not stored beside its Latin twin), and
 * an upper-case slug is lower-cased, so `Shoes` and `shoes` are one slug.
 */
const slug = () =>
  vine
    .string()
    .trim()
    .toLowerCase()
    .minLength(1)
    .maxLength(100)
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)

/** `POST /api/v1/admin/categories`. */
export const createCategoryValidator = vine.create({
  name: name(),
  slug: slug(),
  parentId: uuidField().nullable().optional(),
})

/** `PUT /api/v1/admin/categories/{id}`: a partial update; `parentId: null` makes it a root. */
export const updateCategoryValidator = vine.create({
  name: name().optional(),
  slug: slug().optional(),
  parentId: uuidField().nullable().optional(),
})

/** `GET /api/v1/admin/categories`. */
export const categoryListValidator = vine.create(paginationFields)

/** A product's categories, as its seller sets them (replacing the previous set). */
export const categoryIdsField = () =>
  vine.array(uuidField()).maxLength(MAX_PRODUCT_CATEGORIES).optional()
