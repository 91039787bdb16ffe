import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { createTaxRateValidator, updateTaxRateValidator } from '#validators/tax_rate'
import { taxRateListFiltersValidator } from '#validators/console_tax_rate'
import { TaxRateService, defaultTaxRate } from '#services/checkout/tax_rate_service'
import { taxRateResource } from '#transformers/tax_rate_transformer'
import { TAX_RATE } from '#support/percent'
import TaxRatePolicy from '#policies/tax_rate_policy'
import { listPage, pageSlice } from '#controllers/admin/console_pages'

/** What the new-rate form starts with. */
const blankTaxRate = () => ({ country: '', region: null, rate: '' })

/** A rate's name in messages: `US-CA`, or `US` for the country-wide rate. */
function destination(rate: { country: string; region: string | null }) {
  return rate.region ? `${rate.country}-${rate.region}` : rate.country
}

/** Console: tax rates per destination; add, change and remove them with the API's own rules. */
@inject()
export default class TaxRatesController {
  constructor(protected rates: TaxRateService) {}

  /** A page of rates by country then region, with the rate that applies where none matches. */
  async index({ bouncer, request, view }: HttpContext) {
    await bouncer.with(TaxRatePolicy).authorize('viewAny')
    const filters = await request.validateUsing(taxRateListFiltersValidator, { data: request.qs() })
    const page = filters.page ?? 1
    const { items, total } = await this.rates.list(pageSlice(page))
    const taxRates = listPage(
      items.map((taxRate) => taxRateResource(taxRate)),
      total,
      page,
      urlFor('console.tax_rates.index'),
      filters
    )
    return view.render('pages/admin/tax_rates/index', {
      section: 'tax_rates',
      taxRates,
      defaultRate: defaultTaxRate() / TAX_RATE.perPercent,
    })
  }

  /** The new-rate form. */
  async create({ bouncer, view }: HttpContext) {
    await bouncer.with(TaxRatePolicy).authorize('create')
    return view.render('pages/admin/tax_rates/new', {
      section: 'tax_rates',
      values: blankTaxRate(),
    })
  }

  /** Adds a rate. */
  async store({ actor, bouncer, request, response, session }: HttpContext) {
    await bouncer.with(TaxRatePolicy).authorize('create')
    const input = await request.validateUsing(createTaxRateValidator, { meta: { form: true } })
    const taxRate = taxRateResource(await this.rates.create(actor, input))
    session.flash('success', `The tax rate for ${destination(taxRate)} is added.`)
    return response.redirect().toRoute('console.tax_rates.index')
  }

  /** The edit form of one rate. */
  async edit({ bouncer, params, view }: HttpContext) {
    await bouncer.with(TaxRatePolicy).authorize('update')
    const taxRate = await this.rates.find(params.id)
    return view.render('pages/admin/tax_rates/edit', {
      section: 'tax_rates',
      values: taxRateResource(taxRate),
    })
  }

  /** Saves the whole form: a blank region makes the rate country-wide. */
  async update({ actor, bouncer, params, request, response, session }: HttpContext) {
    await bouncer.with(TaxRatePolicy).authorize('update')
    const changes = await request.validateUsing(updateTaxRateValidator, { meta: { form: true } })
    const taxRate = taxRateResource(await this.rates.update(actor, params.id, changes))
    session.flash('success', `The tax rate for ${destination(taxRate)} is saved.`)
    return response.redirect().toRoute('console.tax_rates.index')
  }

  /** Asks before removing a rate. */
  async confirmDestroy({ bouncer, params, view }: HttpContext) {
    await bouncer.with(TaxRatePolicy).authorize('delete')
    const taxRate = await this.rates.find(params.id)
    return view.render('pages/admin/tax_rates/delete', {
      section: 'tax_rates',
      taxRate: taxRateResource(taxRate),
      defaultRate: defaultTaxRate() / TAX_RATE.perPercent,
    })
  }

  /** Removes a rate; placed orders keep the tax they were charged. */
  async destroy({ actor, bouncer, params, response, session }: HttpContext) {
    await bouncer.with(TaxRatePolicy).authorize('delete')
    const taxRate = taxRateResource(await this.rates.find(params.id))
    await this.rates.delete(actor, params.id)
    session.flash('success', `The tax rate for ${destination(taxRate)} is removed.`)
    return response.redirect().toRoute('console.tax_rates.index')
  }
}
