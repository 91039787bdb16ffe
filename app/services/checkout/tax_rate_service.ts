import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract, TransactionClientContract } from '@adonisjs/lucid/types/database'
import config from '@adonisjs/core/services/config'
import TaxRate from '#models/tax_rate'
import { TaxRateExists, TaxRateNotFound } from '#exceptions/checkout_errors'
import { TAX_RATE } from '#support/percent'
import { isUniqueViolation } from '#support/db_errors'
import { pageOf, type PageRequest, type PageResult } from '#support/paging'
import { nearStaticCache } from '#services/checkout/near_static_cache'
import { destinationTaxRates } from '#queries/destination_tax_rates'
import { AuditTrail } from '#services/admin/audit_trail_service'
import type { Actor } from '#support/actor'

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
 * and region, else of its country, else DEFAULT_TAX_RATE. A write made by an administrator
 * (`actor`) is recorded in the audit trail within its transaction.
 */
@inject()
export class TaxRateService {
  constructor(protected audit: AuditTrail) {}

  /** Every rate, by country then region. */
  async list(page: PageRequest): Promise<PageResult<TaxRate>> {
    return pageOf(TaxRate.query(), page, (query) =>
      query.orderBy('country', 'asc').orderBy('region', 'asc').orderBy('id', 'asc')
    )
  }

  /** One rate (the console's edit and delete pages); an unknown id is a 404. */
  async find(id: string): Promise<TaxRate> {
    const taxRate = await TaxRate.find(id)
    if (!taxRate) throw new TaxRateNotFound()
    return taxRate
  }

  /** Adds a rate; a second rate for the same (country, region) is a 409. */
  async create(actor: Actor | null, input: TaxRateInput): Promise<TaxRate> {
    const taxRate = new TaxRate()
    taxRate.fill({ country: input.country, region: regionKey(input.region), rate: input.rate })
    await this.#save(taxRate, async (trx) => {
      if (!actor) return
      await this.audit.record(trx, {
        actor,
        action: 'tax_rate.created',
        targetType: 'tax_rate',
        targetId: taxRate.id,
        before: null,
        after: auditedFields(taxRate),
      })
    })
    return taxRate
  }

  /** Changes the fields given; a null region makes the rate country-wide. */
  async update(actor: Actor | null, id: string, input: Partial<TaxRateInput>): Promise<TaxRate> {
    const taxRate = await this.find(id)
    const before = auditedFields(taxRate)
    if (input.country !== undefined) taxRate.country = input.country
    if (input.region !== undefined) taxRate.region = regionKey(input.region)
    if (input.rate !== undefined) taxRate.rate = input.rate
    await this.#save(taxRate, (trx) =>
      this.audit.recordUpdate(
        trx,
        actor,
        { action: 'tax_rate.updated', targetType: 'tax_rate', targetId: taxRate.id },
        before,
        auditedFields(taxRate)
      )
    )
    return taxRate
  }

  /** Removes a rate; placed orders keep the tax they were charged. */
  async delete(actor: Actor | null, id: string): Promise<void> {
    try {
      await db.transaction(async (trx) => {
        const taxRate = await TaxRate.find(id, { client: trx })
        const deleted = await TaxRate.query({ client: trx }).where('id', id).delete()
        if (!taxRate || Number(deleted) !== 1) throw new TaxRateNotFound()
        if (!actor) return
        await this.audit.record(trx, {
          actor,
          action: 'tax_rate.deleted',
          targetType: 'tax_rate',
          targetId: id,
          before: auditedFields(taxRate),
          after: null,
        })
      })
    } finally {
      nearStaticCache.invalidate()
    }
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
      const candidates = await destinationTaxRates(client ?? db.connection(), country, region)
      const exact = candidates.find((candidate) => candidate.region === region)
      const countryWide = candidates.find((candidate) => candidate.region === '')
      return exact?.rate ?? countryWide?.rate ?? null
    }
    const rate = client
      ? await read()
      : await nearStaticCache.get(`tax-rate:${country}:${region}`, read)
    return rate ?? defaultTaxRate()
  }

  async #save(taxRate: TaxRate, andThen: (trx: TransactionClientContract) => Promise<void>) {
    try {
      // Its own transaction, so a refused write never aborts an enclosing one on PostgreSQL.
      await db.transaction(async (trx) => {
        await taxRate.useTransaction(trx).save()
        await andThen(trx)
      })
    } catch (error) {
      if (isUniqueViolation(error)) throw new TaxRateExists()
      throw error
    } finally {
      nearStaticCache.invalidate()
    }
  }
}

/** The fields of a rate an administrator sets, as the audit trail shows them. */
function auditedFields(taxRate: TaxRate): Record<string, unknown> {
  return { country: taxRate.country, region: taxRate.region, rate: taxRate.rate }
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
