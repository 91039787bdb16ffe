import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { CouponService } from '#services/coupons/coupon_service'
import { couponLookupValidator } from '#validators/coupon'
import { couponResource } from '#transformers/coupon_transformer'

/** Customer-facing coupon lookup: `GET /api/v1/coupons/{code}`. */
@inject()
export default class CouponsController {
  constructor(protected coupon: CouponService) {}

  /** The coupon when it can be used right now; the same 404 for every other case. */
  async show({ auth, params, request }: HttpContext) {
    const { code } = await couponLookupValidator.validate({ code: params.code })
    const coupon = await this.coupon.lookup(code, {
      userId: auth.getUserOrFail().id,
      clientAddress: request.ip(),
    })
    return couponResource(coupon)
  }
}
