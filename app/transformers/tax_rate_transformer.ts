import type TaxRate from '#models/tax_rate'
import { TAX_RATE } from '#support/percent'
import ApiTransformer from '#transformers/api_transformer'

/** A tax rate: `rate` is a percent (8.25), `region` null when the rate is country-wide. */
export default class TaxRateTransformer extends ApiTransformer<TaxRate> {
  toObject() {
    const taxRate = this.resource
    return {
      id: taxRate.id,
      country: taxRate.country,
      region: taxRate.region === '' ? null : taxRate.region,
      rate: taxRate.rate / TAX_RATE.perPercent,
      createdAt: this.instant(taxRate.createdAt),
      updatedAt: this.instant(taxRate.updatedAt),
    }
  }
}

/** A tax rate as the API shows it, for the console's pages. */
export function taxRateResource(taxRate: TaxRate) {
  return new TaxRateTransformer(taxRate).toObject()
}
