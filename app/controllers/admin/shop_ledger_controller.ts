import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { urlFor } from '@adonisjs/core/services/url_builder'
import config from '@adonisjs/core/services/config'
import { LedgerAccountService } from '#services/ledger/ledger_account_service'
import { shopLedgerPageValidator } from '#validators/console_shop'
import { adjustmentValidator, commissionValidator } from '#validators/ledger'
import { listPage, pageSlice } from '#controllers/admin/console_pages'
import { formatMoney } from '#mails/order_confirmation_mail'
import { storeTimezone } from '#support/store_time'
import { COMMISSION_RATE } from '#support/percent'
import LedgerPolicy from '#policies/ledger_policy'
import { consolePageToReturnTo } from '#support/console_errors'

/** Console: a shop's money: its commission rate, balance, ledger and adjustments. */
@inject()
export default class ShopLedgerController {
  constructor(protected accounts: LedgerAccountService) {}

  /** The shop's rate, balance and a page of its ledger, newest first, with the forms. */
  async show({ bouncer, params, request, view }: HttpContext) {
    await bouncer.with(LedgerPolicy).authorize('viewAny')
    const { page = 1 } = await request.validateUsing(shopLedgerPageValidator, {
      data: request.qs(),
    })
    const commission = await this.accounts.commissionOf(params.id)
    const balance = await this.accounts.shopBalance(params.id)
    const entries = await this.accounts.shopEntries(params.id, pageSlice(page))
    const shopUrl = urlFor('console.shops.show', { id: params.id })
    return view.render('pages/admin/shops/ledger', {
      section: 'shops',
      shopId: params.id,
      shopUrl,
      rate: commission.commissionRate / COMMISSION_RATE.perPercent,
      isDefault: commission.isDefault,
      balance,
      entries: listPage(
        entries.items,
        entries.total,
        page,
        urlFor('console.shops.ledger', { id: params.id }),
        {}
      ),
      currency: config.get<string>('store.currency'),
      timezone: storeTimezone(),
    })
  }

  /**
   * Sets the shop's commission rate; a blank rate follows the default. The form is on the shop's
   * page and on its money page: the browser goes back to the one it came from.
   */
  async setCommission({ actor, bouncer, params, request, response, session }: HttpContext) {
    await bouncer.with(LedgerPolicy).authorize('setCommission')
    const { rate } = await request.validateUsing(commissionValidator, { meta: { form: true } })
    const commission = await this.accounts.setCommission(actor, params.id, rate)
    const percent = commission.commissionRate / COMMISSION_RATE.perPercent
    session.flash(
      'success',
      commission.isDefault
        ? `The shop follows the default commission rate, ${percent} %.`
        : `The shop's commission rate is ${percent} %; orders already placed keep theirs.`
    )
    return response.redirect(consolePageToReturnTo(request.header('referer')))
  }

  /** Adds a signed adjustment to the shop's ledger. */
  async adjust({ actor, bouncer, params, request, response, session }: HttpContext) {
    await bouncer.with(LedgerPolicy).authorize('adjust')
    const { amount, reason } = await request.validateUsing(adjustmentValidator, {
      meta: { form: true },
    })
    await this.accounts.adjust(actor, params.id, { amountCents: amount, reason })
    session.flash(
      'success',
      `An adjustment of ${formatMoney(amount, config.get<string>('store.currency'))} was recorded.`
    )
    return response.redirect().toRoute('console.shops.ledger', { id: params.id })
  }
}
