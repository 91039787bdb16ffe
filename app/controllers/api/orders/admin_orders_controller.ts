import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { OrderQueryService } from '#services/orders/order_query_service'
import { OrderStatusService } from '#services/orders/order_status_service'
import {
  adminOrderListValidator,
  orderStatusValidator,
  paymentStatusValidator,
} from '#validators/order'
import { pageRequest } from '#validators/pagination'
import { orderJson } from '#transformers/order_transformer'
import { page } from '#transformers/page'

/** Every order, for admins: `/api/v1/admin/orders`. */
@inject()
export default class AdminOrdersController {
  constructor(protected orderStatus: OrderStatusService) {}

  /** Lists orders, newest first, by status, shop and placement date. */
  async index({ auth, bouncer, request }: HttpContext) {
    await bouncer.authorize('administer')
    const { status, shopId, from, to, ...paging } = await request.validateUsing(
      adminOrderListValidator,
      { data: request.qs() }
    )
    const slice = pageRequest(paging)
    const result = await new OrderQueryService().list(
      auth.getUserOrFail(),
      { status, shopId, from, until: to },
      slice
    )
    return page(result.items.map(orderJson), result.total, slice.limit, slice.offset)
  }

  /** Shows any order with its history. */
  async show({ auth, bouncer, params }: HttpContext) {
    await bouncer.authorize('administer')
    return orderJson(await new OrderQueryService().find(auth.getUserOrFail(), params.id))
  }

  /** Moves any order along its state machine. */
  async updateStatus({ auth, bouncer, params, request }: HttpContext) {
    await bouncer.authorize('administer')
    const { status } = await request.validateUsing(orderStatusValidator, { data: request.body() })
    return orderJson(await this.orderStatus.changeStatus(auth.getUserOrFail(), params.id, status))
  }

  /** Records a payment or a refund for any order. */
  async updatePaymentStatus({ auth, bouncer, params, request }: HttpContext) {
    await bouncer.authorize('administer')
    const { paymentStatus } = await request.validateUsing(paymentStatusValidator, {
      data: request.body(),
    })
    return orderJson(
      await this.orderStatus.changePaymentStatus(auth.getUserOrFail(), params.id, paymentStatus)
    )
  }
}
