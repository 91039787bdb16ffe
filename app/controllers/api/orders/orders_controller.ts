import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { OrderQueryService } from '#services/orders/order_query_service'
import { OrderStatusService } from '#services/orders/order_status_service'
import { customerOrderListValidator } from '#validators/order'
import { pageRequest } from '#validators/pagination'
import OrderTransformer from '#transformers/order_transformer'
import { serialize } from '#http/serialize'
import { page } from '#http/page'
import OrderPolicy from '#policies/order_policy'

/** A customer's own orders: `/api/v1/orders`. */
@inject()
export default class OrdersController {
  constructor(
    protected queries: OrderQueryService,
    protected statuses: OrderStatusService
  ) {}

  /** Lists the customer's orders, newest first. */
  async index({ actor, bouncer, request }: HttpContext) {
    await bouncer.with(OrderPolicy).authorize('viewOwn')
    const { status, ...paging } = await request.validateUsing(customerOrderListValidator, {
      data: request.qs(),
    })
    const slice = pageRequest(paging)
    const result = await this.queries.list(actor, { status }, slice)
    return page(OrderTransformer.transform(result.items), result.total, slice)
  }

  /** Shows one of the customer's orders with its status history. */
  async show({ actor, bouncer, params }: HttpContext) {
    await bouncer.with(OrderPolicy).authorize('viewOwn')
    const order = await this.queries.find(actor, params.id)
    return serialize(OrderTransformer.transform(order))
  }

  /** Cancels one of the customer's orders while it is PENDING or CONFIRMED. */
  async cancel({ actor, bouncer, params }: HttpContext) {
    await bouncer.with(OrderPolicy).authorize('cancelOwn')
    const order = await this.statuses.cancel(actor, params.id)
    return serialize(OrderTransformer.transform(order))
  }
}
