import type { HttpContext } from '@adonisjs/core/http'
import StaffReturnsController from '#controllers/api/orders/staff_returns_controller'
import ReturnPolicy from '#policies/return_policy'

/** The returns of a seller's shops: `/api/v1/seller/returns`. */
export default class SellerReturnsController extends StaffReturnsController {
  protected authorize(bouncer: HttpContext['bouncer'], what: 'view' | 'decide') {
    return bouncer
      .with(ReturnPolicy)
      .authorize(({ view: 'viewOfOwnShops', decide: 'decideOfOwnShops' } as const)[what])
  }
}
