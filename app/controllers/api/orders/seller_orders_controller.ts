import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { OrderQueryService } from '#services/orders/order_query_service'
import { OrderStatusService } from '#services/orders/order_status_service'
import {
  orderStatusValidator,
  paymentStatusValidator,
  sellerOrderListValidator,
} from '#validators/order'
import { pageRequest } from '#validators/pagination'
import { orderJson } from '#transformers/order_transformer'
import { page } from '#transformers/page'

/** The orders of a seller's shops: `/api/v1/seller/orders`. */
@inject()
export default class SellerOrdersController {
  constructor(protected orderStatus: OrderStatusService) {}

  /** Lists the orders of the seller's shops, newest first. */
  async index({ auth, bouncer, request }: HttpContext) {
    await bouncer.authorize('sell')
    const { status, shopId, ...paging } = await request.validateUsing(sellerOrderListValidator, {
      data: request.qs(),
    })
    const slice = pageRequest(paging)
    const result = await new OrderQueryService().list(
      auth.getUserOrFail(),
      { status, shopId },
      slice
    )
    return page(result.items.map(orderJson), result.total, slice.limit, slice.offset)
  }

  /** Shows one order of the seller's shops with its history. */
  async show({ auth, bouncer, params }: HttpContext) {
    await bouncer.authorize('sell')
    return orderJson(await new OrderQueryService().find(auth.getUserOrFail(), params.id))
  }

  /** Moves an order of the seller's shops along its state machine. */
  async updateStatus({ auth, bouncer, params, request }: HttpContext) {
    await bouncer.authorize('sell')
    const { status } = await request.validateUsing(orderStatusValidator, { data: request.body() })
    return orderJson(await this.orderStatus.changeStatus(auth.getUserOrFail(), params.id, status))
  }

  /** Records a payment or a refund for an order of the seller's shops. */
  async updatePaymentStatus({ auth, bouncer, params, request }: HttpContext) {
    await bouncer.authorize('sell')
    const { paymentStatus } = await request.validateUsing(paymentStatusValidator, {
      data: request.body(),
    })
    return orderJson(
      await this.orderStatus.changePaymentStatus(auth.getUserOrFail(), params.id, paymentStatus)
    )
  }
}
