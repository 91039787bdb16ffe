import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { PayoutService } from '#services/ledger/payout_service'
import {
  payoutFailedValidator,
  payoutListValidator,
  payoutPaidValidator,
  stripeAccountValidator,
} from '#validators/payout'
import { pageRequest } from '#validators/pagination'
import PayoutTransformer, {
  PayoutRunTransformer,
  StripeAccountTransformer,
} from '#transformers/payout_transformer'
import { serialize } from '#http/serialize'
import { page } from '#http/page'
import PayoutPolicy from '#policies/payout_policy'

/** Payouts for administrators: runs, the list, marking paid or failed, shops' Stripe accounts. */
@inject()
export default class AdminPayoutsController {
  constructor(protected payouts: PayoutService) {}

  /** Pays every shop whose available balance reaches the minimum. */
  async run({ actor, bouncer }: HttpContext) {
    await bouncer.with(PayoutPolicy).authorize('manage')
    return serialize(PayoutRunTransformer.transform(await this.payouts.run(actor)))
  }

  /** Every payout, newest first, by status and shop. */
  async index({ bouncer, request }: HttpContext) {
    await bouncer.with(PayoutPolicy).authorize('viewAny')
    const { status, shopId, ...paging } = await request.validateUsing(payoutListValidator, {
      data: request.qs(),
    })
    const slice = pageRequest(paging)
    const result = await this.payouts.list({ status, shopId }, slice)
    return page(PayoutTransformer.transform(result.items), result.total, slice)
  }

  /** Marks a pending payout paid with the bank's reference. */
  async paid({ actor, bouncer, params, request }: HttpContext) {
    await bouncer.with(PayoutPolicy).authorize('manage')
    const { reference } = await request.validateUsing(payoutPaidValidator, {
      data: request.body(),
    })
    return serialize(
      PayoutTransformer.transform(await this.payouts.markPaid(actor, params.id, reference))
    )
  }

  /** Marks a pending payout failed: its amount goes back to the shop's balance. */
  async failed({ actor, bouncer, params, request }: HttpContext) {
    await bouncer.with(PayoutPolicy).authorize('manage')
    const { reason } = await request.validateUsing(payoutFailedValidator, { data: request.body() })
    return serialize(
      PayoutTransformer.transform(await this.payouts.markFailed(actor, params.id, reason))
    )
  }

  /** Sets or clears a shop's Stripe Connect account. */
  async setStripeAccount({ actor, bouncer, params, request }: HttpContext) {
    await bouncer.with(PayoutPolicy).authorize('setStripeAccount')
    const { stripeAccountId } = await request.validateUsing(stripeAccountValidator, {
      data: request.body(),
    })
    const shop = await this.payouts.setStripeAccount(actor, params.id, stripeAccountId)
    return serialize(StripeAccountTransformer.transform(shop))
  }
}
