import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { CheckoutService } from '#services/checkout/checkout_service'
import { OrderPlacementService } from '#services/checkout/order_placement_service'
import { checkoutSummaryValidator, placeOrderValidator } from '#validators/checkout'
import { checkoutSummaryJson } from '#transformers/checkout_summary_transformer'
import { orderJson } from '#transformers/order_transformer'

/** The price summary and order placement: `/api/v1/checkout/{summary,place-order}`. */
@inject()
export default class CheckoutController {
  constructor(protected checkout: CheckoutService) {}

  /** Prices the cart without creating or changing anything. */
  async summary({ auth, bouncer, request }: HttpContext) {
    await bouncer.authorize('shop')
    const input = await request.validateUsing(checkoutSummaryValidator, { data: request.body() })
    const quote = await this.checkout.summary(auth.getUserOrFail(), {
      ...input,
      clientAddress: request.ip(),
    })
    return checkoutSummaryJson(quote)
  }

  /** Places one order per shop; a replayed idempotency key answers with the same orders. */
  @inject()
  async placeOrder(
    { auth, bouncer, request, response }: HttpContext,
    placements: OrderPlacementService
  ) {
    await bouncer.authorize('shop')
    const { idempotencyKey, ...input } = await request.validateUsing(placeOrderValidator, {
      data: request.body(),
      meta: { idempotencyKeyHeader: request.header('Idempotency-Key') },
    })
    const placement = await placements.place(auth.getUserOrFail(), {
      ...input,
      idempotencyKey: idempotencyKey!,
      clientAddress: request.ip(),
    })
    if (placement.replayed) response.header('Idempotent-Replayed', 'true')
    return response.created(placement.orders.map(orderJson))
  }
}
