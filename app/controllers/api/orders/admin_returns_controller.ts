import type { HttpContext } from '@adonisjs/core/http'
import StaffReturnsController from '#controllers/api/orders/staff_returns_controller'
import ReturnPolicy from '#policies/return_policy'

/** Every return, for administrators: `/api/v1/admin/returns`. */
export default class AdminReturnsController extends StaffReturnsController {
  protected authorize(bouncer: HttpContext['bouncer'], what: 'view' | 'decide') {
    return bouncer
      .with(ReturnPolicy)
      .authorize(({ view: 'viewAny', decide: 'decideAny' } as const)[what])
  }
}
