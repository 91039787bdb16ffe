import type { HttpContext } from '@adonisjs/core/http'
import { TaxRateService } from '#services/checkout/tax_rate_service'
import {
  createTaxRateValidator,
  taxRateListValidator,
  updateTaxRateValidator,
} from '#validators/tax_rate'
import { pageRequest } from '#validators/pagination'
import { taxRateJson } from '#transformers/tax_rate_transformer'
import { page } from '#transformers/page'

/** Tax-rate management: `/api/v1/admin/tax-rates`. */
export default class AdminTaxRatesController {
  #rates = new TaxRateService()

  /** Lists every rate by country and region. */
  async index({ bouncer, request }: HttpContext) {
    await bouncer.authorize('administer')
    const query = await request.validateUsing(taxRateListValidator, { data: request.qs() })
    const slice = pageRequest(query)
    const result = await this.#rates.list(slice)
    return page(result.items.map(taxRateJson), result.total, slice.limit, slice.offset)
  }

  /** Adds a rate for a country or one of its regions. */
  async store({ bouncer, request, response }: HttpContext) {
    await bouncer.authorize('administer')
    const input = await request.validateUsing(createTaxRateValidator, { data: request.body() })
    return response.created(taxRateJson(await this.#rates.create(input)))
  }

  /** Changes some fields of a rate. */
  async update({ bouncer, params, request }: HttpContext) {
    await bouncer.authorize('administer')
    const input = await request.validateUsing(updateTaxRateValidator, { data: request.body() })
    return taxRateJson(await this.#rates.update(params.id, input))
  }

  /** Removes a rate. */
  async destroy({ bouncer, params }: HttpContext) {
    await bouncer.authorize('administer')
    await this.#rates.delete(params.id)
    return { id: params.id, deleted: true }
  }
}
