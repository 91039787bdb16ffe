import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { CouponService } from '#services/coupons/coupon_service'
import { createCouponValidator, updateCouponValidator } from '#validators/coupon'
import { paginationValidator, pageRequest } from '#validators/pagination'
import { couponResource } from '#transformers/coupon_transformer'
import { page } from '#transformers/page'

/** Coupon management for admins and Super Admins: `/api/v1/admin/coupons`. */
@inject()
export default class AdminCouponsController {
  constructor(protected coupon: CouponService) {}

  /** POST: creates a coupon, 201. */
  async store({ bouncer, request, response }: HttpContext) {
    await bouncer.authorize('administer')
    const input = await createCouponValidator.validate(request.body())
    const coupon = await this.coupon.create(input)
    return response.created(couponResource(coupon))
  }

  /** GET: live coupons, newest first, in the page shape. */
  async index({ bouncer, request }: HttpContext) {
    await bouncer.authorize('administer')
    const { limit, offset } = pageRequest(await paginationValidator.validate(request.qs()))
    const { coupons, total } = await this.coupon.list(limit, offset)
    return page(coupons.map(couponResource), total, limit, offset)
  }

  /** PUT /{id}: partial update. */
  async update({ bouncer, request, params }: HttpContext) {
    await bouncer.authorize('administer')
    const changes = await updateCouponValidator.validate(request.body())
    const coupon = await this.coupon.update(params.id, changes)
    return couponResource(coupon)
  }

  /** DELETE /{id}: soft delete, `{id, deleted: true}`. */
  async destroy({ bouncer, params }: HttpContext) {
    await bouncer.authorize('administer')
    await this.coupon.delete(params.id)
    return { id: params.id, deleted: true }
  }
}
