import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { LedgerAccountService } from '#services/ledger/ledger_account_service'
import { adjustmentValidator, commissionValidator } from '#validators/ledger'
import { paginationValidator, pageRequest } from '#validators/pagination'
import LedgerEntryTransformer, {
  BalanceTransformer,
  CommissionTransformer,
} from '#transformers/ledger_transformer'
import { serialize } from '#http/serialize'
import { page } from '#http/page'
import LedgerPolicy from '#policies/ledger_policy'

/**
 * A shop's money for administrators: its commission rate, balance and ledger, and adjustments
 * (`/api/v1/admin/shops/{id}/...`).
 */
@inject()
export default class AdminLedgerController {
  constructor(protected accounts: LedgerAccountService) {}

  /** The shop's commission rate in force. */
  async commission({ bouncer, params }: HttpContext) {
    await bouncer.with(LedgerPolicy).authorize('viewAny')
    return serialize(CommissionTransformer.transform(await this.accounts.commissionOf(params.id)))
  }

  /** Sets the shop's own commission rate, or null to follow the default. */
  async setCommission({ actor, bouncer, params, request }: HttpContext) {
    await bouncer.with(LedgerPolicy).authorize('setCommission')
    const { rate } = await request.validateUsing(commissionValidator, { data: request.body() })
    const commission = await this.accounts.setCommission(actor, params.id, rate)
    return serialize(CommissionTransformer.transform(commission))
  }

  /** The shop's balance. */
  async balance({ bouncer, params }: HttpContext) {
    await bouncer.with(LedgerPolicy).authorize('viewAny')
    return serialize(BalanceTransformer.transform(await this.accounts.shopBalance(params.id)))
  }

  /** The shop's entries, newest first. */
  async index({ bouncer, params, request }: HttpContext) {
    await bouncer.with(LedgerPolicy).authorize('viewAny')
    const paging = await request.validateUsing(paginationValidator, { data: request.qs() })
    const slice = pageRequest(paging)
    const result = await this.accounts.shopEntries(params.id, slice)
    return page(LedgerEntryTransformer.transform(result.items), result.total, slice)
  }

  /** A signed correction of the shop's balance, with its reason. */
  async adjust({ actor, bouncer, params, request, response }: HttpContext) {
    await bouncer.with(LedgerPolicy).authorize('adjust')
    const { amount, reason } = await request.validateUsing(adjustmentValidator, {
      data: request.body(),
    })
    const entry = await this.accounts.adjust(actor, params.id, { amountCents: amount, reason })
    return response.created(await serialize(LedgerEntryTransformer.transform(entry)))
  }
}
