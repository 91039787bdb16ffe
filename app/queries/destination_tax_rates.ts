import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import TaxRate from '#models/tax_rate'
import { CompiledQuery } from '#queries/compiled_query'

/**
 * The country-wide rate of a country (region `''`) and the rate of one of its regions (`''` again
 * for none): every placement reads them in its transaction (`CompiledQuery`).
 */
const ratesOf = new CompiledQuery<[country: string, region: string]>(2, (client, country, region) =>
  TaxRate.query({ client })
    .where('country', country)
    .whereIn('region', [region, ''])
    .select('region', 'rate')
)

/**
 * The stored rates that may apply to a destination, read through `client`: the country's
 * country-wide rate and the rate of `region` (a region key, `''` for none), those that exist.
 */
export async function destinationTaxRates(
  client: QueryClientContract,
  country: string,
  region: string
): Promise<TaxRate[]> {
  return ratesOf.models(TaxRate, [country, region], client)
}
