import type TaxRate from '#models/tax_rate'
import { RATE_SCALE } from '#models/tax_rate'

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
    rate: taxRate.rate / RATE_SCALE,
    createdAt: taxRate.createdAt.toUTC().toISO()!,
    updatedAt: taxRate.updatedAt.toUTC().toISO()!,
  }
}
