import type { HttpContext } from '@adonisjs/core/http'
import { DashboardService } from '#services/admin/dashboard_service'
import { centsToAmount } from '#support/money'

/** Console home: the counts that matter. */
export default class DashboardController {
  /** The dashboard's figures. */
  async show({ view }: HttpContext) {
    const figures = await new DashboardService().figures()
    return view.render('pages/admin/dashboard', {
      section: 'dashboard',
      figures,
      ordersTotal: centsToAmount(figures.ordersToday.totalCents).toFixed(2),
    })
  }
}
