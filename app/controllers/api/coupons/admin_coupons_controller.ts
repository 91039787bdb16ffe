import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { CouponService } from '#services/coupons/coupon_service'
import { createCouponValidator, updateCouponValidator } from '#validators/coupon'
import { paginationValidator, pageRequest } from '#validators/pagination'
import CouponTransformer from '#transformers/coupon_transformer'
import { serialize } from '#http/serialize'
import { page } from '#http/page'
import CouponPolicy from '#policies/coupon_policy'

/** Coupon management for admins and Super Admins: `/api/v1/admin/coupons`. */
@inject()
export default class AdminCouponsController {
  constructor(protected coupons: CouponService) {}

  /** Creates a coupon, 201. */
  async store({ actor, bouncer, request, response }: HttpContext) {
    await bouncer.with(CouponPolicy).authorize('create')
    const input = await request.validateUsing(createCouponValidator, { data: request.body() })
    const coupon = await this.coupons.create(actor, input)
    return response.created(
      await serialize(CouponTransformer.transform(coupon).useVariant('forAdmin'))
    )
  }

  /** Live coupons, newest first, in the page shape. */
  async index({ bouncer, request }: HttpContext) {
    await bouncer.with(CouponPolicy).authorize('viewAny')
    const query = await request.validateUsing(paginationValidator, { data: request.qs() })
    const slice = pageRequest(query)
    const { coupons, total } = await this.coupons.list(slice.limit, slice.offset)
    return page(CouponTransformer.transform(coupons).useVariant('forAdmin'), total, slice)
  }

  /** Changes the given fields. */
  async update({ actor, bouncer, request, params }: HttpContext) {
    await bouncer.with(CouponPolicy).authorize('update')
    const changes = await request.validateUsing(updateCouponValidator, { data: request.body() })
    const coupon = await this.coupons.update(actor, params.id, changes)
    return serialize(CouponTransformer.transform(coupon).useVariant('forAdmin'))
  }

  /** Soft-deletes a coupon: `{id, deleted: true}`. */
  async destroy({ actor, bouncer, params }: HttpContext) {
    await bouncer.with(CouponPolicy).authorize('delete')
    await this.coupons.delete(actor, params.id)
    return { id: params.id, deleted: true }
  }
}
