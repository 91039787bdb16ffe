import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { PaymentEventService } from '#services/payments/payment_event_service'
import { rawBodyOf } from '#middleware/request_body_middleware'

/**
 * The payment provider's webhook: `/api/v1/payments/stripe/webhook`, with no token. The body is
 * kept as the bytes that were sent (the signature is over them), never parsed by the body parser.
 */
export default class PaymentWebhooksController {
  @inject()
  async receive({ request, response }: HttpContext, events: PaymentEventService) {
    const outcome = await events.receive(rawBodyOf(request), request.header('Stripe-Signature'))
    return response.ok({ received: true, outcome })
  }
}
