import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { createPolicyValidator, updatePolicyValidator } from '#validators/policy'
import { policyDraftValidator } from '#validators/console_policy'
import { PolicyService } from '#services/legal/policy_service'
import { POLICY_TYPE_LABELS, PolicyOverviewService } from '#services/admin/policy_overview_service'
import { POLICY_TYPES } from '#enums/policy_type'
import LegalDocumentPolicy from '#policies/legal_document_policy'
import { CsvExportService } from '#services/admin/csv_export_service'
import { fileDate, streamCsv } from '#controllers/admin/csv_response'

/** Console: policy versions per type; publish, edit and deactivate them. */
@inject()
export default class PoliciesController {
  constructor(
    protected policies: PolicyService,
    protected overview: PolicyOverviewService,
    protected exports: CsvExportService
  ) {}

  /** The versions of each policy type. */
  async index({ bouncer, view }: HttpContext) {
    await bouncer.with(LegalDocumentPolicy).authorize('viewAny')
    const types = await this.overview.byType()
    return view.render('pages/admin/policies/index', {
      section: 'policies',
      types,
      labels: POLICY_TYPE_LABELS,
    })
  }

  /** The new-version form, starting from the latest version of the chosen type. */
  async create({ bouncer, request, view }: HttpContext) {
    await bouncer.with(LegalDocumentPolicy).authorize('create')
    const { type } = await request.validateUsing(policyDraftValidator, { data: request.qs() })
    const draft = await this.overview.draft(type ?? POLICY_TYPES[0])
    return view.render('pages/admin/policies/new', {
      section: 'policies',
      draft,
      policyTypes: POLICY_TYPES,
      labels: POLICY_TYPE_LABELS,
    })
  }

  /** Publishes a new version. */
  async store({ actor, bouncer, request, response, session }: HttpContext) {
    await bouncer.with(LegalDocumentPolicy).authorize('create')
    const input = await request.validateUsing(createPolicyValidator, { meta: { form: true } })
    const policy = await this.policies.create(actor, input)
    session.flash('success', `${POLICY_TYPE_LABELS[policy.type]} ${policy.version} is published.`)
    return response.redirect().toRoute('console.policies.index')
  }

  /** The edit form of one version. */
  async edit({ bouncer, params, view }: HttpContext) {
    await bouncer.with(LegalDocumentPolicy).authorize('update')
    const row = await this.overview.detail(params.id)
    return view.render('pages/admin/policies/edit', {
      section: 'policies',
      ...row,
      labels: POLICY_TYPE_LABELS,
    })
  }

  /** Saves the changes of one version. */
  async update({ actor, bouncer, params, request, response, session }: HttpContext) {
    await bouncer.with(LegalDocumentPolicy).authorize('update')
    const changes = await request.validateUsing(updatePolicyValidator, { meta: { form: true } })
    const policy = await this.policies.update(actor, params.id, changes)
    session.flash('success', `${POLICY_TYPE_LABELS[policy.type]} ${policy.version} is saved.`)
    return response.redirect().toRoute('console.policies.index')
  }

  /** Asks before deactivating a version. */
  async confirmDeactivate({ bouncer, params, view }: HttpContext) {
    await bouncer.with(LegalDocumentPolicy).authorize('deactivate')
    const row = await this.overview.detail(params.id)
    return view.render('pages/admin/policies/deactivate', {
      section: 'policies',
      ...row,
      labels: POLICY_TYPE_LABELS,
    })
  }

  /** Deactivates a version, keeping the record. */
  async deactivate({ actor, bouncer, params, response, session }: HttpContext) {
    await bouncer.with(LegalDocumentPolicy).authorize('deactivate')
    const policy = await this.policies.deactivate(actor, params.id)
    session.flash('success', `${POLICY_TYPE_LABELS[policy.type]} ${policy.version} is deactivated.`)
    return response.redirect().toRoute('console.policies.index')
  }

  /** Every consent record as a CSV file written while it is read. */
  async exportConsents({ bouncer, response }: HttpContext) {
    await bouncer.with(LegalDocumentPolicy).authorize('viewAny')
    return streamCsv(response, `consents-${fileDate()}.csv`, this.exports.consents())
  }
}
