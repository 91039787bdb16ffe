import type { HttpContext } from '@adonisjs/core/http'
import { adminOrderListValidator } from '#validators/order'
import { pageRequest } from '#validators/pagination'
import StaffOrdersController from '#controllers/api/orders/staff_orders_controller'
import OrderPolicy from '#policies/order_policy'

/** Every order, for admins: `/api/v1/admin/orders`. */
export default class AdminOrdersController extends StaffOrdersController {
  /** An administrator reads and changes every order. */
  protected authorize(bouncer: HttpContext['bouncer'], what: 'view' | 'update') {
    return bouncer
      .with(OrderPolicy)
      .authorize(({ view: 'viewAny', update: 'updateAny' } as const)[what])
  }

  /** By status, shop and placement date. */
  protected async listQuery({ request }: HttpContext) {
    const { status, shopId, from, to, ...paging } = await request.validateUsing(
      adminOrderListValidator,
      { data: request.qs() }
    )
    return { filters: { status, shopId, from, until: to }, slice: pageRequest(paging) }
  }
}
