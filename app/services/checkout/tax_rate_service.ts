import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import config from '@adonisjs/core/services/config'
import TaxRate from '#models/tax_rate'
import { TaxRateExists, TaxRateNotFound } from '#exceptions/checkout_errors'
import { TAX_RATE } from '#support/percent'
import { isUniqueViolation } from '#support/db_errors'
import { pageOf, type PageRequest, type PageResult } from '#support/paging'
import { nearStaticCache } from '#services/checkout/near_static_cache'

/** A tax rate as an admin writes it; `rate` in thousandths of a percent. */
export interface TaxRateInput {
  country: string
  /** Null, undefined or '' for the country-wide rate. */
  region?: string | null
  rate: number
}

/** Region as stored: upper-case, '' for none. Addresses' states go through the same function. */
export function regionKey(region: string | null | undefined): string {
  return (region ?? '').trim().toUpperCase()
}

/**
 * Tax rates per destination, and the rate that applies to an address: the rate of its country
 * and region, else of its country, else DEFAULT_TAX_RATE.
 */
export class TaxRateService {
  /** Every rate, by country then region. */
  async list(page: PageRequest): Promise<PageResult<TaxRate>> {
    return pageOf(TaxRate.query(), page, (query) =>
      query.orderBy('country', 'asc').orderBy('region', 'asc').orderBy('id', 'asc')
    )
  }

  /** Adds a rate; a second rate for the same (country, region) is a 409. */
  async create(input: TaxRateInput): Promise<TaxRate> {
    const taxRate = new TaxRate()
    taxRate.fill({ country: input.country, region: regionKey(input.region), rate: input.rate })
    await this.#save(taxRate)
    return taxRate
  }

  /** Changes the fields given; a null region makes the rate country-wide. */
  async update(id: string, input: Partial<TaxRateInput>): Promise<TaxRate> {
    const taxRate = await TaxRate.find(id)
    if (!taxRate) throw new TaxRateNotFound()
    if (input.country !== undefined) taxRate.country = input.country
    if (input.region !== undefined) taxRate.region = regionKey(input.region)
    if (input.rate !== undefined) taxRate.rate = input.rate
    await this.#save(taxRate)
    return taxRate
  }

  /** Removes a rate; placed orders keep the tax they were charged. */
  async delete(id: string): Promise<void> {
    const deleted = await TaxRate.query().where('id', id).delete()
    nearStaticCache.invalidate()
    if (Number(deleted) !== 1) throw new TaxRateNotFound()
  }

  /**
   * The rate in thousandths of a percent for a destination. Read through `client` (the
   * placement's transaction) it comes from the database; without one (the summary) it may come
   * from the process's cache of near-static rows, at most its lifetime old.
   */
  async rateFor(
    country: string,
    state: string | null,
    client?: QueryClientContract
  ): Promise<number> {
    const region = regionKey(state)
    const read = async () => {
      const candidates = await TaxRate.query({ client })
        .where('country', country)
        .whereIn('region', region ? [region, ''] : [''])
        .select('region', 'rate')
      const exact = candidates.find((candidate) => candidate.region === region)
      const countryWide = candidates.find((candidate) => candidate.region === '')
      return exact?.rate ?? countryWide?.rate ?? null
    }
    const rate = client
      ? await read()
      : await nearStaticCache.get(`tax-rate:${country}:${region}`, read)
    return rate ?? defaultTaxRate()
  }

  async #save(taxRate: TaxRate) {
    try {
      // Its own transaction, so a refused write never aborts an enclosing one on PostgreSQL.
      await db.transaction((trx) => taxRate.useTransaction(trx).save())
    } catch (error) {
      if (isUniqueViolation(error)) throw new TaxRateExists()
      throw error
    } finally {
      nearStaticCache.invalidate()
    }
  }
}

/**
 * DEFAULT_TAX_RATE (a percent) in thousandths of a percent. A value outside 0..100 is a
 * misconfiguration that must not silently tax at a wrong rate, so it fails loudly.
 */
export function defaultTaxRate(): number {
  const configured = config.get<number>('store.defaultTaxRate')
  const rate = Math.round(Number(configured) * TAX_RATE.perPercent)
  if (!Number.isSafeInteger(rate) || rate < 0 || rate > TAX_RATE.whole) {
    throw new Error(`DEFAULT_TAX_RATE must be a percent from 0 to 100, got ${configured}`)
  }
  return rate
}
