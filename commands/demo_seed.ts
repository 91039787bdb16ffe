import { inject } from '@adonisjs/core'
import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import { DatabaseSetupService } from '#services/system/database_setup_service'
import { DemoStoreSeeder } from '#database/seeders/demo_store/demo_store_seeder'

/** Fills the store with demo data to look at: shops, products, customers, coupons and orders. */
export default class DemoSeed extends BaseCommand {
  static commandName = 'demo:seed'
  static description =
    'Create a demo store (sellers, shops, products, customers, coupons, policies, orders); run it again and nothing changes'
  static options: CommandOptions = { startApp: true }

  @flags.boolean({ description: 'Run even in production (the demo accounts share one password)' })
  declare force: boolean

  @inject()
  async run(setup: DatabaseSetupService, demoStore: DemoStoreSeeder) {
    if (this.app.inProduction && !this.force) {
      this.logger.error(
        'Refusing to create a demo store in production: its accounts share a published password. ' +
          'Run with --force if this really is a throwaway installation.'
      )
      this.exitCode = 1
      return
    }

    let report
    try {
      // As `npm start` does, so the command also works on a database nothing has started on yet.
      await setup.prepare()
      report = await demoStore.seed()
    } catch (error) {
      this.logger.error((error as Error).message)
      this.exitCode = 1
      return
    }

    if (report.created) {
      const { made } = report
      this.logger.success(
        `Created the demo store: ${made.shops} shops with ${made.products} products ` +
          `(${made.images} generated pictures) in ${made.categories} categories, ` +
          `${made.orders} orders (${made.statusChanges} status and payment changes) over the last ` +
          `30 days, ${made.coupons} coupons, ${made.taxRates} tax rates, ${made.policies} policy ` +
          `versions and ${made.consents} consents.`
      )
      this.logger.info(
        `Mail: the ${made.mailsMarkedSent} order e-mails were marked sent without being sent ` +
          '(and every demo address ends in .example, a domain where no mail is ever delivered).'
      )
    } else {
      this.logger.info('The demo store is already there; nothing changed.')
    }

    const table = this.ui.table()
    table.head(['Role', 'E-mail', ''])
    for (const login of report.logins) table.row([login.role, login.email, login.note])
    table.render()
    this.logger.info(`Every demo account's password: ${report.password}`)
    if (this.app.inProduction) {
      this.logger.warning(
        'These accounts are live in production with a published password: deactivate them or ' +
          'change their passwords before anyone else can reach this installation.'
      )
    }
  }
}
