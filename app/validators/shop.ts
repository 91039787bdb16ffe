import vine from '@vinejs/vine'
import { paginationFields } from '#validators/pagination'
import { SHOP_STATUSES } from '#enums/shop_status'

const name = () => vine.string().trim().minLength(1).maxLength(120)

/** An empty description is stored as null, so "no description" has one spelling. */
const description = () =>
  vine
    .string()
    .trim()
    .maxLength(2000)
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional()

/** `POST /api/v1/seller/shops`. */
export const createShopValidator = vine.create({ name: name(), description: description() })

/** `PUT /api/v1/seller/shops/{id}`: a partial update; `description: null` clears it. */
export const updateShopValidator = vine.create({
  name: name().optional(),
  description: description(),
})

/** `GET /api/v1/seller/shops`. */
export const sellerShopListValidator = vine.create(paginationFields)

/** `GET /api/v1/admin/shops`: optional status filter and pagination. */
export const adminShopListValidator = vine.create({
  status: vine.enum(SHOP_STATUSES).optional(),
  ...paginationFields,
})

/** `GET /api/v1/shops`: the public list of shops. */
export const publicShopListValidator = vine.create(paginationFields)
