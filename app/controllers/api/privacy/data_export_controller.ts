import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import PrivacyPolicy from '#policies/privacy_policy'
import { DataExportService } from '#services/privacy/data_export_service'
import { exportDownload } from '#http/export_download'

/** GET /api/v1/me/export: everything held about the token's account (docs/api/privacy.md). */
@inject()
export default class DataExportController {
  constructor(protected exports: DataExportService) {}

  async show({ actor, bouncer, response }: HttpContext) {
    await bouncer.with(PrivacyPolicy).authorize('own')
    const document = await this.exports.exportOwn(actor)
    return exportDownload(response, document)
  }
}
