import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { urlFor } from '@adonisjs/core/services/url_builder'
import config from '@adonisjs/core/services/config'
import { DateTime } from 'luxon'
import { createCouponValidator, updateCouponValidator } from '#validators/coupon'
import { couponListFiltersValidator } from '#validators/console_coupon'
import { CouponService } from '#services/coupons/coupon_service'
import { CouponDirectoryService } from '#services/admin/coupon_directory_service'
import { couponResource } from '#transformers/coupon_transformer'
import { formatStoreDateTime, storeTimezone } from '#support/store_time'
import CouponPolicy from '#policies/coupon_policy'
import { listPage, pageSlice } from '#controllers/admin/console_pages'

/** What the new-coupon form starts with: a fixed discount, active, valid from now. */
const blankCoupon = () => ({
  code: '',
  discountType: 'FIXED',
  discountValue: '',
  minOrderAmount: '',
  maxDiscountAmount: '',
  startDate: formatStoreDateTime(DateTime.now().startOf('minute')),
  endDate: '',
  usageLimit: '',
  isActive: true,
  fundedBy: 'MARKETPLACE',
})

/** What every coupon page shows beside amounts and dates. */
const storeFacts = () => ({
  currency: config.get<string>('store.currency', 'USD'),
  timezone: storeTimezone(),
})

/** Console: search coupons; create, edit and delete them with the API's own rules. */
@inject()
export default class CouponsController {
  constructor(
    protected coupons: CouponService,
    protected directory: CouponDirectoryService
  ) {}

  /** A page of coupons, searchable by code. */
  async index({ bouncer, request, view }: HttpContext) {
    await bouncer.with(CouponPolicy).authorize('viewAny')
    const filters = await request.validateUsing(couponListFiltersValidator, { data: request.qs() })
    const page = filters.page ?? 1
    const { rows, total } = await this.directory.search({ code: filters.code, ...pageSlice(page) })
    const coupons = listPage(
      rows.map((row) => ({ ...couponResource(row.coupon), validity: row.validity })),
      total,
      page,
      urlFor('console.coupons.index'),
      filters
    )
    return view.render('pages/admin/coupons/index', {
      section: 'coupons',
      coupons,
      filters,
      ...storeFacts(),
    })
  }

  /** The new-coupon form. */
  async create({ bouncer, view }: HttpContext) {
    await bouncer.with(CouponPolicy).authorize('create')
    return view.render('pages/admin/coupons/new', {
      section: 'coupons',
      values: blankCoupon(),
      ...storeFacts(),
    })
  }

  /** Creates a coupon. */
  async store({ actor, bouncer, request, response, session }: HttpContext) {
    await bouncer.with(CouponPolicy).authorize('create')
    const input = await request.validateUsing(createCouponValidator, { meta: { form: true } })
    const coupon = await this.coupons.create(actor, input)
    session.flash('success', `Coupon ${coupon.code} is created.`)
    return response.redirect().toRoute('console.coupons.index')
  }

  /** The edit form of one coupon. */
  async edit({ bouncer, params, view }: HttpContext) {
    await bouncer.with(CouponPolicy).authorize('update')
    const { coupon, validity } = await this.directory.find(params.id)
    return view.render('pages/admin/coupons/edit', {
      section: 'coupons',
      values: couponResource(coupon),
      validity,
      ...storeFacts(),
    })
  }

  /** Saves the whole coupon form. */
  async update({ actor, bouncer, params, request, response, session }: HttpContext) {
    await bouncer.with(CouponPolicy).authorize('update')
    const changes = await request.validateUsing(updateCouponValidator, { meta: { form: true } })
    const coupon = await this.coupons.update(actor, params.id, changes)
    session.flash('success', `Coupon ${coupon.code} is saved.`)
    return response.redirect().toRoute('console.coupons.index')
  }

  /** Asks before deleting a coupon. */
  async confirmDestroy({ bouncer, params, view }: HttpContext) {
    await bouncer.with(CouponPolicy).authorize('delete')
    const { coupon, validity } = await this.directory.find(params.id)
    return view.render('pages/admin/coupons/delete', {
      section: 'coupons',
      coupon: couponResource(coupon),
      validity,
      ...storeFacts(),
    })
  }

  /** Deletes a coupon softly, as the API does: orders placed with it keep their discount. */
  async destroy({ actor, bouncer, params, response, session }: HttpContext) {
    await bouncer.with(CouponPolicy).authorize('delete')
    await this.coupons.delete(actor, params.id)
    session.flash('success', 'The coupon is deleted.')
    return response.redirect().toRoute('console.coupons.index')
  }
}
