import vine from '@vinejs/vine'
import { filterForm } from '#validators/form'
import { PRODUCT_AVAILABILITIES } from '#services/admin/product_directory_service'
import { uuidField } from '#validators/uuid'

/** Filters of the console's product list (the list's filter form, sent with GET). */
export const productListFiltersValidator = vine.create(
  vine
    .object({
      /** Part of a name or SKU. */
      q: vine.string().trim().maxLength(100).optional(),
      shop: uuidField().optional(),
      status: vine.enum(PRODUCT_AVAILABILITIES).optional(),
      /** At most this many units in stock; 0 lists the products that are out of stock. */
      stock: vine.number().withoutDecimals().range([0, 1_000_000]).optional(),
      page: vine.number().withoutDecimals().range([1, 10_000]).optional(),
    })
    .parse(filterForm())
)
