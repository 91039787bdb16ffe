import { IANAZone } from 'luxon'
import env from '#start/env'

const timezone = env.get('STORE_TIMEZONE') || 'UTC'

// A misspelt zone would otherwise shift every coupon date silently; refuse to boot instead.
if (!IANAZone.isValidZone(timezone)) {
  throw new Error(
    `STORE_TIMEZONE must be an IANA time zone name such as Europe/Berlin or UTC, got "${timezone}"`
  )
}

/** Store-wide settings: the time zone of coupon dates, the currency and the fallback tax rate. */
const storeConfig = {
  timezone,
  currency: env.get('CURRENCY', 'USD'),
  defaultTaxRate: env.get('DEFAULT_TAX_RATE', 0),
}

export default storeConfig
