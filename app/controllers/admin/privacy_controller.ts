import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import PrivacyPolicy from '#policies/privacy_policy'
import { eraseAccountFormValidator } from '#validators/privacy'
import { DataExportService } from '#services/privacy/data_export_service'
import { AccountErasureService } from '#services/privacy/account_erasure_service'
import { UserOverviewService } from '#services/admin/user_overview_service'
import { exportDownload } from '#http/export_download'

/**
 * Console: data-subject requests from an account's page (docs/api/privacy.md): download the
 * account's data, or erase it after a confirmation page. Both are recorded in the audit trail.
 */
@inject()
export default class PrivacyController {
  constructor(
    protected exports: DataExportService,
    protected erasures: AccountErasureService,
    protected overviews: UserOverviewService
  ) {}

  /** The account's data as a JSON download. */
  async export({ actor, bouncer, params, response }: HttpContext) {
    await bouncer.with(PrivacyPolicy).authorize('administer')
    const document = await this.exports.exportFor(actor, params.id)
    return exportDownload(response, document)
  }

  /** Asks before erasing an account. */
  async confirmErase({ actor, bouncer, params, view }: HttpContext) {
    await bouncer.with(PrivacyPolicy).authorize('administer')
    const { user, orderCount } = await this.overviews.overview(actor, params.id)
    return view.render('pages/admin/users/erase', { section: 'users', user, orderCount })
  }

  /** Erases the account; its page then shows what is left of it. */
  async erase({ actor, bouncer, params, request, response, session }: HttpContext) {
    await bouncer.with(PrivacyPolicy).authorize('administer')
    await request.validateUsing(eraseAccountFormValidator, { meta: { form: true } })
    const user = await this.erasures.eraseFor(actor, params.id)
    session.flash('success', 'The account has been erased.')
    return response.redirect().toRoute('console.users.show', { id: user.id })
  }
}
