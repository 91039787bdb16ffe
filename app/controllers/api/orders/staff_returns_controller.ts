import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { ReturnService } from '#services/orders/return_service'
import {
  receiveReturnValidator,
  rejectReturnValidator,
  returnListValidator,
} from '#validators/return'
import { pageRequest } from '#validators/pagination'
import ReturnTransformer from '#transformers/return_transformer'
import { serialize } from '#http/serialize'
import { page } from '#http/page'

/**
 * The return routes sellers and admins share; they differ only in who may call them. Which
 * returns an actor reaches is scoped in SQL by the service. Subclasses inherit the constructor.
 */
@inject()
export default abstract class StaffReturnsController {
  constructor(protected returns: ReturnService) {}

  /** Refuses a caller who may not read (`view`) or decide on (`decide`) these returns. */
  protected abstract authorize(
    bouncer: HttpContext['bouncer'],
    what: 'view' | 'decide'
  ): Promise<void>

  /** The returns the caller may see, newest first, by status and shop. */
  async index({ actor, bouncer, request }: HttpContext) {
    await this.authorize(bouncer, 'view')
    const { status, shopId, ...paging } = await request.validateUsing(returnListValidator, {
      data: request.qs(),
    })
    const slice = pageRequest(paging)
    const result = await this.returns.list(actor, { status, shopId }, slice)
    return page(ReturnTransformer.transform(result.items), result.total, slice)
  }

  /** One return. */
  async show({ actor, bouncer, params }: HttpContext) {
    await this.authorize(bouncer, 'view')
    const found = await this.returns.find(actor, params.id)
    return serialize(ReturnTransformer.transform(found))
  }

  /** Approves a requested return. */
  async approve({ actor, bouncer, params }: HttpContext) {
    await this.authorize(bouncer, 'decide')
    const found = await this.returns.approve(actor, params.id)
    return serialize(ReturnTransformer.transform(found))
  }

  /** Rejects a requested return, with an optional note to the customer. */
  async reject({ actor, bouncer, params, request }: HttpContext) {
    await this.authorize(bouncer, 'decide')
    const { note } = await request.validateUsing(rejectReturnValidator, { data: request.body() })
    const found = await this.returns.reject(actor, params.id, note)
    return serialize(ReturnTransformer.transform(found))
  }

  /** Marks an approved return's units received, restocked or not, and refunds it. */
  async receive({ actor, bouncer, params, request }: HttpContext) {
    await this.authorize(bouncer, 'decide')
    const { restock } = await request.validateUsing(receiveReturnValidator, {
      data: request.body(),
    })
    const found = await this.returns.receive(actor, params.id, restock)
    return serialize(ReturnTransformer.transform(found))
  }
}
