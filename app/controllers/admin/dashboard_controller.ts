import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { DashboardService, REVENUE_DEFINITION } from '#services/admin/dashboard_service'
import { chartGeometry } from '#services/admin/daily_chart'
import { centsToAmount } from '#support/money'

/** Cents as the console prints an amount (1025 → "10.25"). */
const amount = (cents: number) => centsToAmount(cents).toFixed(2)

/** Console home: the counts that matter. */
@inject()
export default class DashboardController {
  constructor(protected dashboard: DashboardService) {}

  /** The dashboard's figures. */
  async show({ view }: HttpContext) {
    const figures = await this.dashboard.figures()
    return view.render('pages/admin/dashboard', {
      section: 'dashboard',
      figures,
      revenueToday: amount(figures.ordersToday.revenueCents),
      revenueDefinition: REVENUE_DEFINITION,
      chart: chartGeometry(figures.daily),
      amount,
    })
  }
}
