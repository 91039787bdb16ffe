import type { HttpContext } from '@adonisjs/core/http'
import type { PersonalDataExport } from '#services/privacy/data_export_service'

/**
 * Sends a data export as a JSON download named after its account and day
 * (`personal-data-<account id>-2026-11-28.json`); never cached, as it is all personal data.
 */
export function exportDownload(response: HttpContext['response'], document: PersonalDataExport) {
  const day = document.exportedAt.slice(0, 10)
  const fileName = `personal-data-${String(document.account.id)}-${day}.json`
  response.header('Content-Disposition', `attachment; filename="${fileName}"`)
  response.header('Cache-Control', 'no-store')
  return response.json(document)
}
