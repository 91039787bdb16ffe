import type { HttpContext } from '@adonisjs/core/http'
import { adminOrderListValidator } from '#validators/order'
import { pageRequest } from '#validators/pagination'
import StaffOrdersController from '#controllers/api/orders/staff_orders_controller'

/** Every order, for admins: `/api/v1/admin/orders`. */
export default class AdminOrdersController extends StaffOrdersController {
  protected ability = 'administer' as const

  /** By status, shop and placement date. */
  protected async listQuery({ request }: HttpContext) {
    const { status, shopId, from, to, ...paging } = await request.validateUsing(
      adminOrderListValidator,
      { data: request.qs() }
    )
    return { filters: { status, shopId, from, until: to }, slice: pageRequest(paging) }
  }
}
