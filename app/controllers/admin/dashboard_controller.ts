import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { DashboardService } from '#services/admin/dashboard_service'
import { centsToAmount } from '#support/money'

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
      ordersTotal: centsToAmount(figures.ordersToday.totalCents).toFixed(2),
    })
  }
}
