import { inject } from '@adonisjs/core'
import config from '@adonisjs/core/services/config'
import type { HttpContext } from '@adonisjs/core/http'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { orderStatusValidator, paymentStatusValidator } from '#validators/order'
import { refundValidator } from '#validators/refund'
import { RefundService } from '#services/payments/refund_service'
import { formatMoney } from '#mails/order_confirmation_mail'
import { consoleOrderListValidator } from '#validators/console_order'
import { OrderStatusService } from '#services/orders/order_status_service'
import { OrderDirectoryService } from '#services/admin/order_directory_service'
import { orderResource } from '#transformers/order_transformer'
import { ORDER_STATUSES } from '#enums/order_status'
import { filterInput } from '#validators/form'
import { storeTimezone } from '#support/store_time'
import OrderPolicy from '#policies/order_policy'
import AdminActionPolicy from '#policies/admin_action_policy'
import { activityRows } from '#controllers/admin/activity_entries'
import { listPage, pageSlice } from '#controllers/admin/console_pages'
import { exportFileName, streamCsv } from '#controllers/admin/csv_response'
import { CsvExportService } from '#services/admin/csv_export_service'
import type { OrderFilters } from '#services/orders/order_query_service'

/**
 * The order list's filters from the query string: its page, the search they make, and the fields
 * to keep in the pager's and the export's links.
 */
async function listFilters(request: HttpContext['request']) {
  const {
    page = 1,
    to,
    ...filters
  } = await request.validateUsing(consoleOrderListValidator, { data: request.qs() })
  const search: OrderFilters = { ...filters, until: to }
  const kept = filterInput(
    request.only(['orderNumber', 'customerEmail', 'status', 'shopId', 'from', 'to'])
  )
  return { page, search, filters: kept }
}

/** Console: every order, filtered; one order with its history and the changes it allows. */
@inject()
export default class OrdersController {
  constructor(
    protected directory: OrderDirectoryService,
    protected statuses: OrderStatusService,
    protected exports: CsvExportService,
    protected refunds: RefundService
  ) {}

  /** A page of orders, searched by number and customer e-mail, filtered by status, shop and days. */
  async index({ actor, bouncer, request, view }: HttpContext) {
    await bouncer.with(OrderPolicy).authorize('viewAny')
    const { page, search, filters } = await listFilters(request)
    const [{ rows, total }, shops] = await Promise.all([
      this.directory.list(actor, search, pageSlice(page)),
      this.directory.shopChoices(),
    ])
    const timezone = storeTimezone()
    const orders = listPage(
      rows.map((row) => ({
        ...orderResource(row.order),
        placedAt: row.order.createdAt.setZone(timezone).toFormat('yyyy-MM-dd HH:mm'),
        customerEmail: row.customerEmail,
      })),
      total,
      page,
      urlFor('console.orders.index'),
      filters
    )
    return view.render('pages/admin/orders/index', {
      section: 'orders',
      orders,
      filters,
      shops,
      statuses: ORDER_STATUSES,
      timezone,
    })
  }

  /**
   * The orders the list's filters select, all pages, as a CSV file written while it is read
   * (docs/api/console.md, "CSV exports").
   */
  async export({ actor, bouncer, request, response }: HttpContext) {
    await bouncer.with(OrderPolicy).authorize('viewAny')
    const { search, filters } = await listFilters(request)
    const lines = this.exports.orders(actor, search)
    const fileName = exportFileName('orders', [
      ['status', filters.status],
      ['shop', filters.shopId],
      ['from', filters.from],
      ['to', filters.to],
      ['number', filters.orderNumber],
      ['email', filters.customerEmail],
    ])
    return streamCsv(response, fileName, lines)
  }

  /** One order with its items, history and the changes it allows. */
  async show({ actor, bouncer, params, view }: HttpContext) {
    await bouncer.with(OrderPolicy).authorize('viewAny')
    const withActivity = await bouncer.with(AdminActionPolicy).allows('viewAny')
    const detail = await this.directory.detail(actor, params.id, { withActivity })
    const timezone = storeTimezone()
    return view.render('pages/admin/orders/show', {
      section: 'orders',
      ...detail,
      activity:
        detail.activity &&
        activityRows(detail.activity, { timezone, currency: config.get<string>('store.currency') }),
      json: orderResource(detail.order),
      timezone,
    })
  }

  /** Asks before cancelling an order. */
  async confirmCancel({ actor, bouncer, params, view }: HttpContext) {
    await bouncer.with(OrderPolicy).authorize('updateAny')
    const detail = await this.directory.detail(actor, params.id)
    return view.render('pages/admin/orders/cancel', {
      section: 'orders',
      ...detail,
      json: orderResource(detail.order),
    })
  }

  /** Moves an order along its state machine. */
  async updateStatus({ actor, bouncer, params, request, response, session }: HttpContext) {
    await bouncer.with(OrderPolicy).authorize('updateAny')
    const { status, ...shipment } = await request.validateUsing(orderStatusValidator)
    const order = await this.statuses.changeStatus(actor, params.id, status, shipment)
    session.flash('success', `Order ${order.orderNumber} is now ${order.status}.`)
    return response.redirect().toRoute('console.orders.show', { id: order.id })
  }

  /** Records a payment or a refund. */
  async updatePaymentStatus({ actor, bouncer, params, request, response, session }: HttpContext) {
    await bouncer.with(OrderPolicy).authorize('updateAny')
    const { paymentStatus } = await request.validateUsing(paymentStatusValidator)
    const order = await this.statuses.changePaymentStatus(actor, params.id, paymentStatus)
    session.flash('success', `The payment of order ${order.orderNumber} is now ${paymentStatus}.`)
    return response.redirect().toRoute('console.orders.show', { id: order.id })
  }

  /**
   * Asks before refunding: the order page's refund form (amount, reason, sent with GET) lands
   * here, checked as the refund will be, and the page says what follows and holds the form that
   * refunds.
   */
  async confirmRefund({ actor, bouncer, params, request, view }: HttpContext) {
    await bouncer.with(OrderPolicy).authorize('updateAny')
    const { amount, reason } = await request.validateUsing(refundValidator, {
      data: request.qs(),
      meta: { form: true },
    })
    const detail = await this.directory.detail(actor, params.id)
    return view.render('pages/admin/orders/refund', {
      section: 'orders',
      ...detail,
      json: orderResource(detail.order),
      amount: (amount / 100).toFixed(2),
      reason,
    })
  }

  /** Refunds part or all of what was paid for an order. */
  async refund({ actor, bouncer, params, request, response, session }: HttpContext) {
    await bouncer.with(OrderPolicy).authorize('updateAny')
    const { amount, reason } = await request.validateUsing(refundValidator, {
      meta: { form: true },
    })
    const refund = await this.refunds.create(actor, params.id, { amountCents: amount, reason })
    const money = formatMoney(refund.amountCents, config.get<string>('store.currency'))
    session.flash(
      'success',
      refund.status === 'PENDING'
        ? `A refund of ${money} was sent to the payment provider.`
        : `A refund of ${money} was recorded.`
    )
    return response.redirect().toRoute('console.orders.show', { id: params.id })
  }
}
