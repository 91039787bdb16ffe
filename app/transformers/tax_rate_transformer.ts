import type TaxRate from '#models/tax_rate'
import { TAX_RATE } from '#support/percent'

/** A tax rate as the API shows it: `rate` is a percent (8.25), `region` null when country-wide. */
export interface TaxRateJson {
  id: string
  country: string
  region: string | null
  rate: number
  createdAt: string
  updatedAt: string
}

/** Shapes one tax rate; thousandths of a percent become a percent. */
export function taxRateJson(taxRate: TaxRate): TaxRateJson {
  return {
    id: taxRate.id,
    country: taxRate.country,
    region: taxRate.region === '' ? null : taxRate.region,
    rate: taxRate.rate / TAX_RATE.perPercent,
    createdAt: taxRate.createdAt.toUTC().toISO()!,
    updatedAt: taxRate.updatedAt.toUTC().toISO()!,
  }
}
