import { Readable } from 'node:stream'
import { DateTime } from 'luxon'
import type { HttpContext } from '@adonisjs/core/http'
import { storeTimezone } from '#support/store_time'

/** Today in the store's time zone, as export file names carry it. */
export function fileDate(): string {
  return DateTime.now().setZone(storeTimezone()).toFormat('yyyy-MM-dd')
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
