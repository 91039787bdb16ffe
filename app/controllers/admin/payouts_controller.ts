import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { PayoutService } from '#services/ledger/payout_service'
import { OrderDirectoryService } from '#services/admin/order_directory_service'
import {
  consolePayoutListValidator,
  payoutFailedValidator,
  payoutPaidValidator,
  stripeAccountValidator,
} from '#validators/payout'
import { PAYOUT_STATUSES } from '#enums/ledger'
import { filterInput } from '#validators/form'
import { storeTimezone } from '#support/store_time'
import { centsToAmount } from '#support/money'
import { csvLine } from '#support/csv'
import PayoutPolicy from '#policies/payout_policy'
import { listPage, pageSlice } from '#controllers/admin/console_pages'
import { exportFileName, streamCsv } from '#controllers/admin/csv_response'
import marketplaceConfig from '#config/marketplace'

/**
 * Console: payouts (docs/api/payouts.md): the list by status and shop, a run after asking, a
 * manual payout marked paid or failed, the CSV of pending payouts for the bank, and a shop's
 * Stripe account.
 */
@inject()
export default class PayoutsController {
  constructor(
    protected payouts: PayoutService,
    protected directory: OrderDirectoryService
  ) {}

  /** A page of payouts, newest first, filtered by status and shop. */
  async index({ bouncer, request, view }: HttpContext) {
    await bouncer.with(PayoutPolicy).authorize('viewAny')
    const {
      page = 1,
      status,
      shopId,
    } = await request.validateUsing(consolePayoutListValidator, { data: request.qs() })
    const filters = filterInput(request.only(['status', 'shopId']))
    const [result, shops] = await Promise.all([
      this.payouts.list({ status, shopId }, pageSlice(page)),
      this.directory.shopChoices(),
    ])
    const names = new Map(shops.map((shop) => [shop.id, shop.name]))
    const payouts = listPage(
      result.items.map((payout) => ({ payout, shopName: names.get(payout.shopId) ?? '—' })),
      result.total,
      page,
      urlFor('console.payouts.index'),
      filters
    )
    return view.render('pages/admin/payouts/index', {
      section: 'payouts',
      payouts,
      filters,
      shops,
      statuses: PAYOUT_STATUSES,
      provider: marketplaceConfig.payoutProvider,
      timezone: storeTimezone(),
    })
  }

  /** Asks before a run. */
  async confirmRun({ bouncer, view }: HttpContext) {
    await bouncer.with(PayoutPolicy).authorize('manage')
    return view.render('pages/admin/payouts/run', {
      section: 'payouts',
      provider: marketplaceConfig.payoutProvider,
      minimumCents: marketplaceConfig.payoutMinimumCents,
    })
  }

  /** Pays every shop whose available balance reaches the minimum. */
  async run({ actor, bouncer, response, session }: HttpContext) {
    await bouncer.with(PayoutPolicy).authorize('manage')
    const run = await this.payouts.run(actor)
    const skipped = run.skipped.map(
      (shop) =>
        `${shop.shopName} (${centsToAmount(shop.available)}: ${shop.reason === 'BELOW_MINIMUM' ? 'below the minimum' : 'no Stripe account'})`
    )
    session.flash(
      'success',
      `${run.payouts.length} payout(s) made.` +
        (skipped.length > 0 ? ` Not paid: ${skipped.join(', ')}.` : '')
    )
    return response.redirect().toRoute('console.payouts.index')
  }

  /** Marks a pending manual payout paid with the bank's reference. */
  async paid({ actor, bouncer, params, request, response, session }: HttpContext) {
    await bouncer.with(PayoutPolicy).authorize('manage')
    const { reference } = await request.validateUsing(payoutPaidValidator, { meta: { form: true } })
    await this.payouts.markPaid(actor, params.id, reference)
    session.flash('success', 'The payout is marked paid; the seller was told.')
    return response.redirect().toRoute('console.payouts.index')
  }

  /** Marks a pending manual payout failed: its amount goes back to the shop's balance. */
  async failed({ actor, bouncer, params, request, response, session }: HttpContext) {
    await bouncer.with(PayoutPolicy).authorize('manage')
    const { reason } = await request.validateUsing(payoutFailedValidator, { meta: { form: true } })
    await this.payouts.markFailed(actor, params.id, reason)
    session.flash('success', 'The payout is marked failed; its amount is back in the balance.')
    return response.redirect().toRoute('console.payouts.index')
  }

  /** The pending payouts as CSV, for the bank. */
  async export({ bouncer, response }: HttpContext) {
    await bouncer.with(PayoutPolicy).authorize('viewAny')
    const pending = await this.payouts.pending()
    async function* lines() {
      yield csvLine(['Payout', 'Shop', 'Shop id', 'Amount', 'Currency', 'Made (UTC)'])
      for (const { payout, shopName } of pending) {
        yield csvLine([
          payout.id,
          shopName,
          payout.shopId,
          centsToAmount(payout.amountCents),
          payout.currency,
          payout.createdAt.toUTC().toFormat('yyyy-MM-dd HH:mm'),
        ])
      }
    }
    return streamCsv(response, exportFileName('pending-payouts', []), lines())
  }

  /** Sets or clears a shop's Stripe Connect account. */
  async setStripeAccount({ actor, bouncer, params, request, response, session }: HttpContext) {
    await bouncer.with(PayoutPolicy).authorize('setStripeAccount')
    const { stripeAccountId } = await request.validateUsing(stripeAccountValidator, {
      meta: { form: true },
    })
    await this.payouts.setStripeAccount(actor, params.id, stripeAccountId)
    session.flash(
      'success',
      stripeAccountId ? `Payouts go to ${stripeAccountId}.` : 'The Stripe account is cleared.'
    )
    return response.redirect().toRoute('console.shops.show', { id: params.id })
  }
}
