import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { LedgerAccountService } from '#services/ledger/ledger_account_service'
import { sellerBalanceValidator, sellerLedgerValidator } from '#validators/ledger'
import { pageRequest } from '#validators/pagination'
import LedgerEntryTransformer, { BalanceTransformer } from '#transformers/ledger_transformer'
import { serialize } from '#http/serialize'
import { page } from '#http/page'
import LedgerPolicy from '#policies/ledger_policy'

/** A seller's money: `/api/v1/seller/balance` and `/api/v1/seller/ledger`. */
@inject()
export default class SellerLedgerController {
  constructor(protected accounts: LedgerAccountService) {}

  /** The balance of one of the seller's shops, or of all of them added up. */
  async balance({ actor, bouncer, request }: HttpContext) {
    await bouncer.with(LedgerPolicy).authorize('viewOwn')
    const { shopId } = await request.validateUsing(sellerBalanceValidator, { data: request.qs() })
    return serialize(BalanceTransformer.transform(await this.accounts.sellerBalance(actor, shopId)))
  }

  /** The entries of the seller's shops, newest first. */
  async index({ actor, bouncer, request }: HttpContext) {
    await bouncer.with(LedgerPolicy).authorize('viewOwn')
    const { shopId, ...paging } = await request.validateUsing(sellerLedgerValidator, {
      data: request.qs(),
    })
    const slice = pageRequest(paging)
    const result = await this.accounts.sellerEntries(actor, shopId, slice)
    return page(LedgerEntryTransformer.transform(result.items), result.total, slice)
  }
}
