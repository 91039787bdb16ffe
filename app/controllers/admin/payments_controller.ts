import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { PaymentService } from '#services/payments/payment_service'
import { PAYMENT_RECORD_STATUSES } from '#enums/payment'
import { consolePaymentListValidator } from '#validators/console_payment'
import { filterInput } from '#validators/form'
import { storeTimezone } from '#support/store_time'
import PaymentPolicy from '#policies/payment_policy'
import { listPage, pageSlice } from '#controllers/admin/console_pages'

/** Console: every checkout's payment, newest first, by status. */
@inject()
export default class PaymentsController {
  constructor(protected payments: PaymentService) {}

  /** A page of payments, filtered by status. */
  async index({ bouncer, request, view }: HttpContext) {
    await bouncer.with(PaymentPolicy).authorize('viewAny')
    const { page = 1, status } = await request.validateUsing(consolePaymentListValidator, {
      data: request.qs(),
    })
    const filters = filterInput(request.only(['status']))
    const result = await this.payments.list({ status }, pageSlice(page))
    const payments = listPage(
      result.items,
      result.total,
      page,
      urlFor('console.payments.index'),
      filters
    )
    return view.render('pages/admin/payments/index', {
      section: 'payments',
      payments,
      filters,
      statuses: PAYMENT_RECORD_STATUSES,
      timezone: storeTimezone(),
    })
  }
}
