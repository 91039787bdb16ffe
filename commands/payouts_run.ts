import { inject } from '@adonisjs/core'
import { BaseCommand } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import { PayoutService } from '#services/ledger/payout_service'
import { centsToAmount } from '#support/money'

/**
 * One payout run, as `POST /api/v1/admin/payouts/run` makes it (docs/api/payouts.md): for a
 * scheduler (cron, a systemd timer). Safe on several instances at once.
 */
export default class PayoutsRun extends BaseCommand {
  static commandName = 'payouts:run'
  static description =
    'Pay every shop whose available balance reaches PAYOUT_MINIMUM (docs/api/payouts.md)'
  static options: CommandOptions = { startApp: true }

  @inject()
  async run(payouts: PayoutService) {
    const run = await payouts.run(null)
    for (const payout of run.payouts) {
      this.logger.info(
        `payout ${payout.id}: ${centsToAmount(payout.amountCents)} ${payout.currency} to shop ${payout.shopId} (${payout.provider})`
      )
    }
    for (const shop of run.skipped) {
      this.logger.warning(
        `skipped ${shop.shopName} (${shop.shopId}): ${centsToAmount(shop.available)} available, ${shop.reason}`
      )
    }
    this.logger.success(
      `${run.payouts.length} payout(s) made, ${run.skipped.length} shop(s) skipped`
    )
  }
}
