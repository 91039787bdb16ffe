import type { HttpContext } from '@adonisjs/core/http'
import { sellerOrderListValidator } from '#validators/order'
import { pageRequest } from '#validators/pagination'
import StaffOrdersController from '#controllers/api/orders/staff_orders_controller'
import OrderPolicy from '#policies/order_policy'

/** The orders of a seller's shops: `/api/v1/seller/orders`. */
export default class SellerOrdersController extends StaffOrdersController {
  /** A seller reads and changes the orders of their own shops. */
  protected authorize(bouncer: HttpContext['bouncer'], what: 'view' | 'update') {
    return bouncer
      .with(OrderPolicy)
      .authorize(({ view: 'viewOfOwnShops', update: 'updateOfOwnShops' } as const)[what])
  }

  /** By status and by one of the seller's shops. */
  protected async listQuery({ request }: HttpContext) {
    const { status, shopId, ...paging } = await request.validateUsing(sellerOrderListValidator, {
      data: request.qs(),
    })
    return { filters: { status, shopId }, slice: pageRequest(paging) }
  }
}
