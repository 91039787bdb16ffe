import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { AuditTrail } from '#services/admin/audit_trail_service'
import AdminActionPolicy from '#policies/admin_action_policy'
import { activityListValidator } from '#validators/admin_action'
import { pageRequest } from '#validators/pagination'
import AdminActionTransformer from '#transformers/admin_action_transformer'
import { page } from '#http/page'

/** The audit trail of administrative changes: `/api/v1/admin/activity`. */
@inject()
export default class ActivityController {
  constructor(protected audit: AuditTrail) {}

  /** Entries matching the filters, newest first. */
  async index({ bouncer, request }: HttpContext) {
    await bouncer.with(AdminActionPolicy).authorize('viewAny')
    const { limit, offset, from, to, ...filter } = await request.validateUsing(
      activityListValidator,
      { data: request.qs() }
    )
    const slice = pageRequest({ limit, offset })
    const result = await this.audit.list({ ...filter, from, to }, slice)
    return page(AdminActionTransformer.transform(result.items), result.total, slice)
  }
}
