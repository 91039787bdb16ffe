import { Readable } from 'node:stream'
import { DateTime } from 'luxon'
import type { HttpContext } from '@adonisjs/core/http'
import { storeTimezone } from '#support/store_time'

/** Today in the store's time zone, as export file names carry it. */
export function fileDate(): string {
  return DateTime.now().setZone(storeTimezone()).toFormat('yyyy-MM-dd')
}

/** How much of one filter value a file name keeps. */
const MAX_FILE_NAME_VALUE = 40

/**
 * The name of an export file: what it holds, the store day it was made, and each filter it was
 * made with (`orders-2026-11-28-status-PENDING-from-2026-11-01.csv`), so two downloads of
 * differently filtered lists are told apart. Values keep only letters, digits, `.`, `_` and `-`
 * (anything else becomes `_`), so the name needs no quoting in the header; blank filters are left
 * out.
 */
export function exportFileName(
  subject: string,
  filters: Array<[label: string, value: unknown]>
): string {
  const parts = [subject, fileDate()]
  for (const [label, value] of filters) {
    if (typeof value !== 'string' || value.trim() === '') continue
    const safe = value
      .trim()
      .replace(/[^A-Za-z0-9._-]+/g, '_')
      .slice(0, MAX_FILE_NAME_VALUE)
    parts.push(label, safe)
  }
  return `${parts.join('-')}.csv`
}

/**
 * Sends CSV lines as a download while they are produced: the readable stream pulls the next
 * line only when the client has taken the previous ones, so a slow download slows the reads
 * instead of piling lines up in memory.
 */
export function streamCsv(
  response: HttpContext['response'],
  fileName: string,
  lines: AsyncIterable<string>
) {
  response.header('Content-Type', 'text/csv; charset=utf-8')
  response.header('Content-Disposition', `attachment; filename="${fileName}"`)
  response.header('Cache-Control', 'no-store')
  response.stream(Readable.from(lines))
}
