import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { CheckoutService } from '#services/checkout/checkout_service'
import { OrderPlacementService } from '#services/checkout/order_placement_service'
import { checkoutSummaryValidator, placeOrderValidator } from '#validators/checkout'
import CheckoutSummaryTransformer from '#transformers/checkout_summary_transformer'
import OrderTransformer from '#transformers/order_transformer'
import { serialize } from '#http/serialize'

/** The price summary and order placement: `/api/v1/checkout/{summary,place-order}`. */
@inject()
export default class CheckoutController {
  constructor(
    protected checkout: CheckoutService,
    protected placements: OrderPlacementService
  ) {}

  /** Prices the cart without creating or changing anything. */
  async summary({ auth, bouncer, request }: HttpContext) {
    await bouncer.authorize('buy')
    const input = await request.validateUsing(checkoutSummaryValidator, { data: request.body() })
    const quote = await this.checkout.quote(auth.getUserOrFail(), {
      ...input,
      clientAddress: request.ip(),
    })
    return CheckoutSummaryTransformer.bodyOf(quote)
  }

  /** Places one order per shop; a replayed idempotency key answers with the same orders. */
  async placeOrder({ auth, bouncer, request, response }: HttpContext) {
    await bouncer.authorize('buy')
    const { idempotencyKey, ...input } = await request.validateUsing(placeOrderValidator, {
      data: request.body(),
      meta: { idempotencyKeyHeader: request.header('Idempotency-Key') },
    })
    const placement = await this.placements.place(auth.getUserOrFail(), {
      ...input,
      idempotencyKey: idempotencyKey!,
      clientAddress: request.ip(),
    })
    if (placement.replayed) response.header('Idempotent-Replayed', 'true')
    return response.created(await serialize(OrderTransformer.transform(placement.orders)))
  }
}
