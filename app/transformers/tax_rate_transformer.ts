import type TaxRate from '#models/tax_rate'
import { uuid } from '#openapi/json_schema'
import { TAX_RATE } from '#support/percent'
import ApiTransformer from '#transformers/api_transformer'
import { field, instantField, shapeOf } from '#transformers/shape'

/** A tax rate: `rate` is a percent (8.25), `region` null when the rate is country-wide. */
export default class TaxRateTransformer extends ApiTransformer<TaxRate> {
  static readonly shape = shapeOf<TaxRate>()({
    id: field(uuid, 'id'),
    country: field({ type: 'string' }, 'country'),
    region: field(
      { type: ['string', 'null'], description: 'Upper-case; null for the country-wide rate' },
      (taxRate) => (taxRate.region === '' ? null : taxRate.region)
    ),
    rate: field(
      { type: 'number', minimum: 0, maximum: 100, description: 'A percent, e.g. 8.25' },
      (taxRate) => taxRate.rate / TAX_RATE.perPercent
    ),
    createdAt: instantField('createdAt'),
    updatedAt: instantField('updatedAt'),
  })

  toObject() {
    return TaxRateTransformer.shape.write(this.resource)
  }
}

/** A tax rate as the API shows it, for the console's pages. */
export function taxRateResource(taxRate: TaxRate) {
  return TaxRateTransformer.shape.write(taxRate)
}
