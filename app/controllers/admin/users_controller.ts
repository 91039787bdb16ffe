import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { userListFiltersValidator } from '#validators/console_user'
import { changeUserTypeValidator } from '#validators/user'
import { UserDirectoryService } from '#services/accounts/user_directory_service'
import { UserAdministrationService } from '#services/accounts/user_administration_service'
import { USER_TYPES } from '#enums/user_type'
import UserPolicy from '#policies/user_policy'
import { consolePageToReturnTo } from '#support/console_errors'
import { filterInput } from '#support/form_input'

const PAGE_SIZE = 25

/** Console: search accounts, activate, deactivate and change their type. */
@inject()
export default class UsersController {
  constructor(protected userAdministration: UserAdministrationService) {}

  async index({ bouncer, request, view }: HttpContext) {
    await bouncer.with(UserPolicy).authorize('viewAny')
    const filters = await userListFiltersValidator.validate(filterInput(request.qs()))
    const page = filters.page ?? 1
    const { users, total } = await new UserDirectoryService().search({
      ...filters,
      limit: PAGE_SIZE,
      offset: (page - 1) * PAGE_SIZE,
    })
    return view.render('pages/admin/users/index', {
      section: 'users',
      users,
      filters,
      page,
      pages: Math.max(1, Math.ceil(total / PAGE_SIZE)),
      total,
      userTypes: USER_TYPES,
    })
  }

  async activate({ bouncer, params, request, response, session, auth }: HttpContext) {
    await bouncer.with(UserPolicy).authorize('manageAny')
    const { user, changed } = await this.userAdministration.activate(
      auth.getUserOrFail(),
      params.id,
      request.ip()
    )
    session.flash(
      'success',
      changed ? `${user.email} is now active.` : `${user.email} was already active.`
    )
    return response.redirect(consolePageToReturnTo(request.header('referer')))
  }

  async deactivate({ bouncer, params, request, response, session, auth }: HttpContext) {
    await bouncer.with(UserPolicy).authorize('manageAny')
    const { user, changed } = await this.userAdministration.deactivate(
      auth.getUserOrFail(),
      params.id,
      request.ip()
    )
    session.flash(
      'success',
      changed ? `${user.email} is now deactivated.` : `${user.email} was already deactivated.`
    )
    return response.redirect(consolePageToReturnTo(request.header('referer')))
  }

  async changeType({ bouncer, params, request, response, session, auth }: HttpContext) {
    await bouncer.with(UserPolicy).authorize('manageAny')
    const { userType } = await request.validateUsing(changeUserTypeValidator)
    const { user } = await this.userAdministration.changeType(
      auth.getUserOrFail(),
      params.id,
      userType,
      request.ip()
    )
    session.flash('success', `${user.email} is now ${userType}.`)
    return response.redirect(consolePageToReturnTo(request.header('referer')))
  }
}
