import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { ReturnService } from '#services/orders/return_service'
import { OrderDirectoryService } from '#services/admin/order_directory_service'
import {
  consoleReturnListValidator,
  receiveReturnValidator,
  rejectReturnValidator,
} from '#validators/return'
import { RETURN_STATUSES } from '#enums/return_status'
import { returnResource } from '#transformers/return_transformer'
import { formatMoney } from '#mails/order_confirmation_mail'
import { filterInput } from '#validators/form'
import { storeTimezone } from '#support/store_time'
import ReturnPolicy from '#policies/return_policy'
import { listPage, pageSlice } from '#controllers/admin/console_pages'

/** Console: every return, by status and shop; one return with the steps it allows. */
@inject()
export default class ReturnsController {
  constructor(
    protected returns: ReturnService,
    protected directory: OrderDirectoryService
  ) {}

  /** A page of returns, newest first, filtered by status and shop. */
  async index({ actor, bouncer, request, view }: HttpContext) {
    await bouncer.with(ReturnPolicy).authorize('viewAny')
    const {
      page = 1,
      status,
      shopId,
    } = await request.validateUsing(consoleReturnListValidator, {
      data: request.qs(),
    })
    const filters = filterInput(request.only(['status', 'shopId']))
    const [result, shops] = await Promise.all([
      this.returns.list(actor, { status, shopId }, pageSlice(page)),
      this.directory.shopChoices(),
    ])
    const returns = listPage(
      result.items,
      result.total,
      page,
      urlFor('console.returns.index'),
      filters
    )
    return view.render('pages/admin/returns/index', {
      section: 'returns',
      returns,
      filters,
      shops,
      statuses: RETURN_STATUSES,
      timezone: storeTimezone(),
    })
  }

  /** One return, its items and refund, and the forms of its next step. */
  async show({ actor, bouncer, params, view }: HttpContext) {
    await bouncer.with(ReturnPolicy).authorize('viewAny')
    const found = await this.returns.find(actor, params.id)
    return view.render('pages/admin/returns/show', {
      section: 'returns',
      orderReturn: found,
      json: returnResource(found),
      timezone: storeTimezone(),
    })
  }

  /** Approves a requested return. */
  async approve({ actor, bouncer, params, response, session }: HttpContext) {
    await bouncer.with(ReturnPolicy).authorize('decideAny')
    await this.returns.approve(actor, params.id)
    session.flash('success', 'The return is approved; the customer was told to send the items.')
    return response.redirect().toRoute('console.returns.show', { id: params.id })
  }

  /** Rejects a requested return, with an optional note to the customer. */
  async reject({ actor, bouncer, params, request, response, session }: HttpContext) {
    await bouncer.with(ReturnPolicy).authorize('decideAny')
    const { note } = await request.validateUsing(rejectReturnValidator, { meta: { form: true } })
    await this.returns.reject(actor, params.id, note)
    session.flash('success', 'The return is rejected; its items can be returned again.')
    return response.redirect().toRoute('console.returns.show', { id: params.id })
  }

  /** Marks an approved return's items received, back in stock or not, and refunds it. */
  async receive({ actor, bouncer, params, request, response, session }: HttpContext) {
    await bouncer.with(ReturnPolicy).authorize('decideAny')
    const { restock } = await request.validateUsing(receiveReturnValidator, {
      meta: { form: true },
    })
    const found = await this.returns.receive(actor, params.id, restock)
    const money = formatMoney(found.refundAmountCents, found.order.currency)
    session.flash(
      'success',
      found.status === 'REFUNDED'
        ? `The items are received and ${money} was refunded.`
        : `The items are received; a refund of ${money} was sent to the payment provider.`
    )
    return response.redirect().toRoute('console.returns.show', { id: params.id })
  }
}
