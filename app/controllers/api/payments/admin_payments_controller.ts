import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { PaymentService } from '#services/payments/payment_service'
import PaymentTransformer from '#transformers/payment_transformer'
import { adminPaymentListValidator } from '#validators/payment'
import { pageRequest } from '#validators/pagination'
import { page } from '#http/page'
import PaymentPolicy from '#policies/payment_policy'

/** Every payment, for administrators: `/api/v1/admin/payments`. */
export default class AdminPaymentsController {
  /** A page of payments, newest first, by status. */
  @inject()
  async index({ bouncer, request }: HttpContext, payments: PaymentService) {
    await bouncer.with(PaymentPolicy).authorize('viewAny')
    const { status, ...paging } = await request.validateUsing(adminPaymentListValidator, {
      data: request.qs(),
    })
    const slice = pageRequest(paging)
    const result = await payments.list({ status }, slice)
    return page(PaymentTransformer.transform(result.items), result.total, slice)
  }
}
