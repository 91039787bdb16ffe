/*
| Coupon dates cross the HTTP edge as wall-clock times of the store (`YYYY-MM-DDThh:mm:ss` in
| STORE_TIMEZONE) and live everywhere else as UTC instants. These are the only two conversions.
*/
import { DateTime, IANAZone } from 'luxon'
import config from '@adonisjs/core/services/config'

/** The wire form of a store-local date-time. */
export const STORE_DATE_TIME_FORMAT = "yyyy-MM-dd'T'HH:mm:ss"

const PATTERN = /^(\d{4})-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/
const MIN_YEAR = 2000
const MAX_YEAR = 9999
const DAY_MS = 86_400_000

/** Why a text is not a store-local date-time. */
export type StoreDateTimeProblem = 'format' | 'calendar' | 'range' | 'gap'

/** A parsed store-local date-time: the UTC instant, or why there is none. */
export type StoreDateTimeParse =
  { ok: true; instant: DateTime } | { ok: false; problem: StoreDateTimeProblem }

/** The store's IANA time zone (config `store.timezone`, from STORE_TIMEZONE). */
export function storeTimezone(): string {
  return config.get<string>('store.timezone')
}

/**
 * Reads `YYYY-MM-DDThh:mm:ss` as a wall-clock time in `zone`. A time skipped by a daylight-saving
 * jump does not exist there and is refused (`gap`) rather than silently moved; a time that occurs
 * twice when clocks go back means its first occurrence, as java.time and Temporal do.
 */
export function parseStoreDateTime(text: string, zone = storeTimezone()): StoreDateTimeParse {
  const match = PATTERN.exec(text)
  if (!match) return { ok: false, problem: 'format' }

  // Luxon accepts 24:00:00 and rolls it over; formatting back catches that and 2026-02-30.
  const wall = DateTime.fromFormat(text, STORE_DATE_TIME_FORMAT, { zone: 'utc' })
  if (!wall.isValid || wall.toFormat(STORE_DATE_TIME_FORMAT) !== text) {
    return { ok: false, problem: 'calendar' }
  }

  const year = Number(match[1])
  if (year < MIN_YEAR || year > MAX_YEAR) return { ok: false, problem: 'range' }

  // The offsets in force a day either side cover any transition near this time; each offset
  // that maps the wall time back onto itself is one real occurrence of it.
  const iana = IANAZone.create(zone)
  const wallMs = wall.toMillis()
  const offsets = new Set(
    [wallMs - DAY_MS, wallMs, wallMs + DAY_MS].map((probe) => iana.offset(probe))
  )
  const occurrences = [...offsets]
    .map((offset) => wallMs - offset * 60_000)
    .filter((instantMs) => iana.offset(instantMs) * 60_000 === wallMs - instantMs)
  if (occurrences.length === 0) return { ok: false, problem: 'gap' }

  const instant = DateTime.fromMillis(Math.min(...occurrences), { zone: 'utc' })
  if (instant.year > MAX_YEAR) return { ok: false, problem: 'range' }
  return { ok: true, instant }
}

/** Writes an instant as the store's wall-clock time, `YYYY-MM-DDThh:mm:ss`. */
export function formatStoreDateTime(instant: DateTime, zone = storeTimezone()): string {
  return instant.setZone(zone).toFormat(STORE_DATE_TIME_FORMAT)
}
