import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { PaymentService } from '#services/payments/payment_service'
import PaymentTransformer from '#transformers/payment_transformer'
import { serialize } from '#http/serialize'
import PaymentPolicy from '#policies/payment_policy'

/** The customer's payment of a checkout: `/api/v1/checkouts/{checkoutId}/payment`. */
export default class PaymentsController {
  /** The payment, with the client secret Stripe.js needs while it waits. */
  @inject()
  async show({ actor, bouncer, params }: HttpContext, payments: PaymentService) {
    await bouncer.with(PaymentPolicy).authorize('payOwn')
    const payment = await payments.findForCustomer(actor, params.checkoutId)
    return serialize(PaymentTransformer.transform(payment))
  }

  /** A fresh PaymentIntent after a failed attempt, while the payment has not expired. */
  @inject()
  async retry({ actor, bouncer, params }: HttpContext, payments: PaymentService) {
    await bouncer.with(PaymentPolicy).authorize('payOwn')
    const payment = await payments.retry(actor, params.checkoutId)
    return serialize(PaymentTransformer.transform(payment))
  }
}
