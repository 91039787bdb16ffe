import type { HttpContext } from '@adonisjs/core/http'
import { sellerOrderListValidator } from '#validators/order'
import { pageRequest } from '#validators/pagination'
import StaffOrdersController from '#controllers/api/orders/staff_orders_controller'

/** The orders of a seller's shops: `/api/v1/seller/orders`. */
export default class SellerOrdersController extends StaffOrdersController {
  protected ability = 'sell' as const

  /** By status and by one of the seller's shops. */
  protected async listQuery({ request }: HttpContext) {
    const { status, shopId, ...paging } = await request.validateUsing(sellerOrderListValidator, {
      data: request.qs(),
    })
    return { filters: { status, shopId }, slice: pageRequest(paging) }
  }
}
