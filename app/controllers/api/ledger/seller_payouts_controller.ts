import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { PayoutService } from '#services/ledger/payout_service'
import { sellerPayoutListValidator } from '#validators/payout'
import { pageRequest } from '#validators/pagination'
import PayoutTransformer from '#transformers/payout_transformer'
import { page } from '#http/page'
import PayoutPolicy from '#policies/payout_policy'

/** A seller's payouts: `GET /api/v1/seller/payouts`. */
@inject()
export default class SellerPayoutsController {
  constructor(protected payouts: PayoutService) {}

  /** The payouts of the seller's shops, newest first. */
  async index({ actor, bouncer, request }: HttpContext) {
    await bouncer.with(PayoutPolicy).authorize('viewOwn')
    const paging = await request.validateUsing(sellerPayoutListValidator, { data: request.qs() })
    const slice = pageRequest(paging)
    const result = await this.payouts.listForSeller(actor, slice)
    return page(PayoutTransformer.transform(result.items), result.total, slice)
  }
}
