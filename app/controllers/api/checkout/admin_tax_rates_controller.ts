import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { TaxRateService } from '#services/checkout/tax_rate_service'
import {
  createTaxRateValidator,
  taxRateListValidator,
  updateTaxRateValidator,
} from '#validators/tax_rate'
import { pageRequest } from '#validators/pagination'
import TaxRateTransformer from '#transformers/tax_rate_transformer'
import { serialize } from '#http/serialize'
import { page } from '#http/page'
import TaxRatePolicy from '#policies/tax_rate_policy'

/** Tax-rate management: `/api/v1/admin/tax-rates`. */
@inject()
export default class AdminTaxRatesController {
  constructor(protected rates: TaxRateService) {}

  /** Lists every rate by country and region. */
  async index({ bouncer, request }: HttpContext) {
    await bouncer.with(TaxRatePolicy).authorize('viewAny')
    const query = await request.validateUsing(taxRateListValidator, { data: request.qs() })
    const slice = pageRequest(query)
    const result = await this.rates.list(slice)
    return page(TaxRateTransformer.transform(result.items), result.total, slice)
  }

  /** Adds a rate for a country or one of its regions. */
  async store({ actor, bouncer, request, response }: HttpContext) {
    await bouncer.with(TaxRatePolicy).authorize('create')
    const input = await request.validateUsing(createTaxRateValidator, { data: request.body() })
    const rate = await this.rates.create(actor, input)
    return response.created(await serialize(TaxRateTransformer.transform(rate)))
  }

  /** Changes some fields of a rate. */
  async update({ actor, bouncer, params, request }: HttpContext) {
    await bouncer.with(TaxRatePolicy).authorize('update')
    const input = await request.validateUsing(updateTaxRateValidator, { data: request.body() })
    const rate = await this.rates.update(actor, params.id, input)
    return serialize(TaxRateTransformer.transform(rate))
  }

  /** Removes a rate. */
  async destroy({ actor, bouncer, params }: HttpContext) {
    await bouncer.with(TaxRatePolicy).authorize('delete')
    await this.rates.delete(actor, params.id)
    return { id: params.id, deleted: true }
  }
}
