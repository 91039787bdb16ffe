import vine from '@vinejs/vine'
import { TAX_RATE } from '#support/percent'
import { countryCode } from '#validators/shipping_address'
import { paginationFields } from '#validators/pagination'
import { formNumber, formText, fromForm, type FormFields } from '#validators/form'

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

/**
 * The console's tax-rate form (create and edit) as the JSON body: the rate is a percent; a blank
 * region means the country-wide rate (null). A blank country is left out, so the rules report it
 * missing rather than reading a null they would let through.
 */
function taxRateForm(fields: FormFields): FormFields {
  return {
    country: formText(fields.country),
    region: formText(fields.region, null),
    rate: formNumber(fields.rate, null),
  }
}

/** `POST /api/v1/admin/tax-rates`, and the console's new-rate form (`meta: { form: true }`). */
export const createTaxRateValidator = vine.create(
  vine
    .object({ country: countryCode(), region: region(), rate: rate() })
    .parse(fromForm(taxRateForm))
)

/**
 * `PUT /api/v1/admin/tax-rates/{id}`: a partial update; a null region makes it country-wide. The
 * console's edit form (`meta: { form: true }`) sends every field.
 */
export const updateTaxRateValidator = vine.create(
  vine
    .object({
      country: countryCode().optional(),
      region: region(),
      rate: rate().optional(),
    })
    .parse(fromForm(taxRateForm))
)

/** `GET /api/v1/admin/tax-rates`. */
export const taxRateListValidator = vine.create(vine.object(paginationFields))
