import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { CheckoutService } from '#services/checkout/checkout_service'
import { OrderPlacementService } from '#services/checkout/order_placement_service'
import { checkoutSummaryValidator, placeOrderValidator } from '#validators/checkout'
import CheckoutSummaryTransformer from '#transformers/checkout_summary_transformer'
import OrderTransformer from '#transformers/order_transformer'
import { serialize } from '#http/serialize'
import CartPolicy from '#policies/cart_policy'

/**
 * The price summary and order placement: `/api/v1/checkout/{summary,place-order}`. Each action
 * takes its own service, so a summary does not build the placement's collaborators.
 */
export default class CheckoutController {
  /** Prices the cart without creating or changing anything. */
  @inject()
  async summary({ actor, bouncer, request }: HttpContext, checkout: CheckoutService) {
    await bouncer.with(CartPolicy).authorize('checkOut')
    const input = await request.validateUsing(checkoutSummaryValidator, { data: request.body() })
    const quote = await checkout.quote(actor, input)
    return CheckoutSummaryTransformer.bodyOf(quote)
  }

  /** Places one order per shop; a replayed idempotency key answers with the same orders. */
  @inject()
  async placeOrder(
    { actor, bouncer, request, response }: HttpContext,
    placements: OrderPlacementService
  ) {
    await bouncer.with(CartPolicy).authorize('checkOut')
    const { idempotencyKey, ...input } = await request.validateUsing(placeOrderValidator, {
      data: request.body(),
      meta: { idempotencyKeyHeader: request.header('Idempotency-Key') },
    })
    const placement = await placements.place(actor, {
      ...input,
      idempotencyKey: idempotencyKey!,
    })
    if (placement.replayed) response.header('Idempotent-Replayed', 'true')
    return response.created(await serialize(OrderTransformer.transform(placement.orders)))
  }
}
