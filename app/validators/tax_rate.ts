import vine from '@vinejs/vine'
import { TAX_RATE } from '#support/percent'
import { countryCode } from '#validators/shipping_address'
import { paginationFields } from '#validators/pagination'

/** A percent from 0 to 100 with up to three decimals, held as thousandths of a percent. */
const rate = () =>
  vine
    .number({ strict: true })
    .min(0)
    .max(100)
    .decimal([0, 3])
    .transform((percent) => Math.round(percent * TAX_RATE.perPercent))

/**
 * A region (state, province) compared case-insensitively with the address's `state`, so it is
 * upper-cased; absent, null or '' means the country-wide rate.
 */
const region = () => vine.string().trim().maxLength(100).toUpperCase().nullable().optional()

/** `POST /api/v1/admin/tax-rates`. */
export const createTaxRateValidator = vine.create(
  vine.object({ country: countryCode(), region: region(), rate: rate() })
)

/** `PUT /api/v1/admin/tax-rates/{id}`: a partial update; a null region makes it country-wide. */
export const updateTaxRateValidator = vine.create(
  vine.object({
    country: countryCode().optional(),
    region: region(),
    rate: rate().optional(),
  })
)

/** `GET /api/v1/admin/tax-rates`. */
export const taxRateListValidator = vine.create(vine.object(paginationFields))
