import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import type { OrderFilters } from '#services/orders/order_query_service'
import { OrderQueryService } from '#services/orders/order_query_service'
import { OrderStatusService } from '#services/orders/order_status_service'
import { RefundService } from '#services/payments/refund_service'
import { orderStatusValidator, paymentStatusValidator } from '#validators/order'
import { refundValidator } from '#validators/refund'
import OrderTransformer from '#transformers/order_transformer'
import RefundTransformer from '#transformers/refund_transformer'
import { serialize } from '#http/serialize'
import { page, type Slice } from '#http/page'

/**
 * The order routes admins and sellers share. They differ only in who may call them and in the
 * filters the list takes; which orders an actor sees is scoped in SQL by the services.
 * Subclasses inherit the injected constructor.
 */
@inject()
export default abstract class StaffOrdersController {
  constructor(
    protected queries: OrderQueryService,
    protected statuses: OrderStatusService,
    protected refunds: RefundService
  ) {}

  /** Refuses a caller who may not read (`view`) or change (`update`) the orders of this set. */
  protected abstract authorize(
    bouncer: HttpContext['bouncer'],
    what: 'view' | 'update'
  ): Promise<void>

  /** The list filters and the slice, read from the query string. */
  protected abstract listQuery(ctx: HttpContext): Promise<{ filters: OrderFilters; slice: Slice }>

  /** Lists the orders the caller may see, newest first. */
  async index(ctx: HttpContext) {
    await this.authorize(ctx.bouncer, 'view')
    const { filters, slice } = await this.listQuery(ctx)
    const result = await this.queries.list(ctx.actor, filters, slice)
    return page(
      OrderTransformer.transform(result.items).useVariant('forStaff'),
      result.total,
      slice
    )
  }

  /** Shows one order with its history. */
  async show({ actor, bouncer, params }: HttpContext) {
    await this.authorize(bouncer, 'view')
    const order = await this.queries.find(actor, params.id)
    return serialize(OrderTransformer.transform(order).useVariant('forStaff'))
  }

  /** Moves an order along its state machine. */
  async updateStatus({ actor, bouncer, params, request }: HttpContext) {
    await this.authorize(bouncer, 'update')
    const { status, ...shipment } = await request.validateUsing(orderStatusValidator, {
      data: request.body(),
    })
    const order = await this.statuses.changeStatus(actor, params.id, status, shipment)
    return serialize(OrderTransformer.transform(order).useVariant('forStaff'))
  }

  /** Records a payment or a refund. */
  async updatePaymentStatus({ actor, bouncer, params, request }: HttpContext) {
    await this.authorize(bouncer, 'update')
    const { paymentStatus } = await request.validateUsing(paymentStatusValidator, {
      data: request.body(),
    })
    const order = await this.statuses.changePaymentStatus(actor, params.id, paymentStatus)
    return serialize(OrderTransformer.transform(order).useVariant('forStaff'))
  }

  /** The refunds of an order, oldest first. */
  async listRefunds({ actor, bouncer, params }: HttpContext) {
    await this.authorize(bouncer, 'view')
    const refunds = await this.refunds.listFor(actor, params.id)
    return serialize(RefundTransformer.transform(refunds))
  }

  /** Refunds part or all of what was paid for an order. */
  async createRefund({ actor, bouncer, params, request, response }: HttpContext) {
    await this.authorize(bouncer, 'update')
    const { amount, reason } = await request.validateUsing(refundValidator, {
      data: request.body(),
    })
    const refund = await this.refunds.create(actor, params.id, { amountCents: amount, reason })
    response.status(201)
    return serialize(RefundTransformer.transform(refund))
  }
}
