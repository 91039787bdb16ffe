import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { userListFiltersValidator } from '#validators/console_user'
import { changeUserTypeValidator } from '#validators/user'
import { UserDirectoryService } from '#services/accounts/user_directory_service'
import { UserAdministrationService } from '#services/accounts/user_administration_service'
import { USER_TYPES } from '#enums/user_type'
import UserPolicy from '#policies/user_policy'
import { consolePageToReturnTo } from '#support/console_errors'
import { listPage, pageSlice } from '#controllers/admin/console_pages'
import { UserOverviewService } from '#services/admin/user_overview_service'
import AdminActionPolicy from '#policies/admin_action_policy'
import { activityRows, couponsWithoutType } from '#controllers/admin/activity_entries'
import { CouponDirectoryService } from '#services/admin/coupon_directory_service'
import config from '@adonisjs/core/services/config'
import { orderResource } from '#transformers/order_transformer'
import { storeTimezone } from '#support/store_time'

/** Console: search accounts, activate, deactivate and change their type. */
@inject()
export default class UsersController {
  constructor(
    protected directory: UserDirectoryService,
    protected administration: UserAdministrationService,
    protected overviews: UserOverviewService,
    protected coupons: CouponDirectoryService
  ) {}

  async index({ bouncer, request, view }: HttpContext) {
    await bouncer.with(UserPolicy).authorize('viewAny')
    const filters = await request.validateUsing(userListFiltersValidator, { data: request.qs() })
    const page = filters.page ?? 1
    const { users, total } = await this.directory.search({ ...filters, ...pageSlice(page) })
    return view.render('pages/admin/users/index', {
      section: 'users',
      users: listPage(users, total, page, urlFor('console.users.index'), filters),
      filters,
      userTypes: USER_TYPES,
    })
  }

  /** One account: its facts, recent orders, consents and (for Super Admins) activity. */
  async show({ actor, bouncer, params, view }: HttpContext) {
    await bouncer.with(UserPolicy).authorize('viewAny')
    const withActivity = await bouncer.with(AdminActionPolicy).allows('viewAny')
    const overview = await this.overviews.overview(actor, params.id, {
      withActivity,
    })
    const timezone = storeTimezone()
    return view.render('pages/admin/users/show', {
      section: 'users',
      ...overview,
      orders: overview.orders.map((order) => ({
        ...orderResource(order),
        placedAt: order.createdAt.setZone(timezone).toFormat('yyyy-MM-dd HH:mm'),
      })),
      consents: overview.consents.map((consent) => ({
        policyType: consent.policyType,
        policyVersion: consent.policyVersion,
        ipAddress: consent.ipAddress,
        consentedAt: consent.consentedAt.setZone(timezone).toFormat('yyyy-MM-dd HH:mm'),
      })),
      activity:
        overview.activity &&
        activityRows(overview.activity, {
          timezone,
          currency: config.get<string>('store.currency'),
          couponTypes: await this.coupons.discountTypesOf(couponsWithoutType(overview.activity)),
        }),
      userTypes: USER_TYPES,
      timezone,
    })
  }

  /** Asks before deactivating an account. */
  async confirmDeactivate({ actor, bouncer, params, view }: HttpContext) {
    await bouncer.with(UserPolicy).authorize('manageAny')
    const { user, orderCount } = await this.overviews.overview(actor, params.id)
    return view.render('pages/admin/users/deactivate', { section: 'users', user, orderCount })
  }

  async activate(ctx: HttpContext) {
    return this.#setActive(ctx, true)
  }

  async deactivate(ctx: HttpContext) {
    return this.#setActive(ctx, false)
  }

  async changeType({ actor, bouncer, params, request, response, session }: HttpContext) {
    await bouncer.with(UserPolicy).authorize('manageAny')
    const { userType } = await request.validateUsing(changeUserTypeValidator)
    const { user } = await this.administration.changeType(actor, params.id, userType)
    session.flash('success', `${user.email} is now ${userType}.`)
    return response.redirect(consolePageToReturnTo(request.header('referer')))
  }

  /** Activates or deactivates the account, and says whether it already was. */
  async #setActive(
    { actor, bouncer, params, request, response, session }: HttpContext,
    active: boolean
  ) {
    await bouncer.with(UserPolicy).authorize('manageAny')
    const { user, changed } = active
      ? await this.administration.activate(actor, params.id)
      : await this.administration.deactivate(actor, params.id)
    const state = active ? 'active' : 'deactivated'
    session.flash('success', `${user.email} ${changed ? 'is now' : 'was already'} ${state}.`)
    // A deactivation was confirmed on a page of its own; its account's page shows the outcome.
    return active
      ? response.redirect(consolePageToReturnTo(request.header('referer')))
      : response.redirect().toRoute('console.users.show', { id: user.id })
  }
}
