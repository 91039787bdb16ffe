import type { HttpContext } from '@adonisjs/core/http'
import { CouponService } from '#services/coupons/coupon_service'
import { couponLookupValidator } from '#validators/coupon'
import { couponResource } from '#transformers/coupon_transformer'

/** Customer-facing coupon lookup: `GET /api/v1/coupons/{code}`. */
export default class CouponsController {
  /** The coupon when it can be used right now; the same 404 for every other case. */
  async show({ auth, params, request }: HttpContext) {
    const { code } = await couponLookupValidator.validate({ code: params.code })
    const coupon = await new CouponService().lookup(code, {
      userId: auth.getUserOrFail().id,
      clientAddress: request.ip(),
    })
    return couponResource(coupon)
  }
}
