import TaxRate from '#models/tax_rate'
import { TaxRateNotFound } from '#exceptions/checkout_errors'

/**
 * Reads one tax rate for the console's edit and delete pages; the list and every write go
 * through `TaxRateService`, as the API's do.
 */
export class TaxRateDirectoryService {
  /** One rate; an unknown id is the API's 404. */
  async find(id: string): Promise<TaxRate> {
    const taxRate = await TaxRate.find(id)
    if (!taxRate) throw new TaxRateNotFound()
    return taxRate
  }
}
