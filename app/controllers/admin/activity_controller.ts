import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { AuditTrail } from '#services/admin/audit_trail_service'
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES } from '#models/admin_action'
import { consoleActivityListValidator } from '#validators/admin_action'
import AdminActionPolicy from '#policies/admin_action_policy'
import { filterInput } from '#validators/form'
import { storeTimezone } from '#support/store_time'
import { listPage, pageSlice } from '#controllers/admin/console_pages'
import { activityRows, couponsWithoutType } from '#controllers/admin/activity_entries'
import { CouponDirectoryService } from '#services/admin/coupon_directory_service'
import config from '@adonisjs/core/services/config'

/** Console: the audit trail of administrative changes, filtered (Super Admins only). */
@inject()
export default class ActivityController {
  constructor(
    protected audit: AuditTrail,
    protected coupons: CouponDirectoryService
  ) {}

  async index({ bouncer, request, view }: HttpContext) {
    await bouncer.with(AdminActionPolicy).authorize('viewAny')
    const { page = 1, ...filter } = await request.validateUsing(consoleActivityListValidator, {
      data: request.qs(),
    })
    const { items, total } = await this.audit.list(filter, pageSlice(page))
    const timezone = storeTimezone()
    const filters = filterInput(
      request.only(['actorId', 'action', 'targetType', 'targetId', 'from', 'to'])
    )
    return view.render('pages/admin/activity/index', {
      section: 'activity',
      entries: listPage(
        activityRows(items, {
          timezone,
          currency: config.get<string>('store.currency'),
          couponTypes: await this.coupons.discountTypesOf(couponsWithoutType(items)),
        }),
        total,
        page,
        urlFor('console.activity.index'),
        filters
      ),
      filters,
      actions: AUDIT_ACTIONS,
      targetTypes: AUDIT_TARGET_TYPES,
      timezone,
    })
  }
}
