import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { CouponService } from '#services/coupons/coupon_service'
import { couponLookupValidator } from '#validators/coupon'
import CouponTransformer from '#transformers/coupon_transformer'
import { serialize } from '#http/serialize'

/** Customer-facing coupon lookup: `GET /api/v1/coupons/{code}`. */
@inject()
export default class CouponsController {
  constructor(protected coupons: CouponService) {}

  /** The coupon when it can be used right now; the same 404 for every other case. */
  async show({ actor, request }: HttpContext) {
    const { code } = await request.validateUsing(couponLookupValidator, { data: request.params() })
    const coupon = await this.coupons.lookup(actor, code)
    return serialize(CouponTransformer.transform(coupon))
  }
}
