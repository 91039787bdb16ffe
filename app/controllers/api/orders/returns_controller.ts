import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { ReturnService } from '#services/orders/return_service'
import { createReturnValidator } from '#validators/return'
import ReturnTransformer from '#transformers/return_transformer'
import { serialize } from '#http/serialize'
import ReturnPolicy from '#policies/return_policy'

/** A customer's returns of one of their orders: `/api/v1/orders/{id}/returns`. */
@inject()
export default class ReturnsController {
  constructor(protected returns: ReturnService) {}

  /** The returns of the order, oldest first. */
  async index({ actor, bouncer, params }: HttpContext) {
    await bouncer.with(ReturnPolicy).authorize('requestOwn')
    const returns = await this.returns.listForOrder(actor, params.id)
    return serialize(ReturnTransformer.transform(returns))
  }

  /** Asks to return units of the delivered order. */
  async store({ actor, bouncer, params, request, response }: HttpContext) {
    await bouncer.with(ReturnPolicy).authorize('requestOwn')
    const input = await request.validateUsing(createReturnValidator, { data: request.body() })
    const created = await this.returns.request(actor, params.id, input)
    response.status(201)
    return serialize(ReturnTransformer.transform(created))
  }
}
