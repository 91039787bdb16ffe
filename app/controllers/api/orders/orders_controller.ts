import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { OrderQueryService } from '#services/orders/order_query_service'
import { OrderStatusService } from '#services/orders/order_status_service'
import { customerOrderListValidator } from '#validators/order'
import { pageRequest } from '#validators/pagination'
import { orderJson } from '#transformers/order_transformer'
import { page } from '#transformers/page'

/** A customer's own orders: `/api/v1/orders`. */
@inject()
export default class OrdersController {
  constructor(protected orderStatus: OrderStatusService) {}

  /** Lists the customer's orders, newest first. */
  async index({ auth, bouncer, request }: HttpContext) {
    await bouncer.authorize('shop')
    const { status, ...paging } = await request.validateUsing(customerOrderListValidator, {
      data: request.qs(),
    })
    const slice = pageRequest(paging)
    const result = await new OrderQueryService().list(auth.getUserOrFail(), { status }, slice)
    return page(result.items.map(orderJson), result.total, slice.limit, slice.offset)
  }

  /** Shows one of the customer's orders with its status history. */
  async show({ auth, bouncer, params }: HttpContext) {
    await bouncer.authorize('shop')
    return orderJson(await new OrderQueryService().find(auth.getUserOrFail(), params.id))
  }

  /** Cancels one of the customer's orders while it is PENDING or CONFIRMED. */
  async cancel({ auth, bouncer, params }: HttpContext) {
    await bouncer.authorize('shop')
    return orderJson(await this.orderStatus.cancel(auth.getUserOrFail(), params.id))
  }
}
