import { IANAZone } from 'luxon'
import env from '#start/env'

const timezone = env.get('STORE_TIMEZONE') || 'UTC'

// A misspelt zone would otherwise shift every coupon date silently; refuse to boot instead.
if (!IANAZone.isValidZone(timezone)) {
  throw new Error(
    `STORE_TIMEZONE must be an IANA time zone name such as Europe/Berlin or UTC, got "${timezone}"`
  )
}

const currency = env.get('CURRENCY') || 'USD'
if (!/^[A-Z]{3}$/.test(currency)) {
  throw new Error(`CURRENCY must be an ISO 4217 code such as USD or EUR, got "${currency}"`)
}

// A rate outside 0..100 would tax every order wrongly; refuse to boot instead.
const defaultTaxRate = env.get('DEFAULT_TAX_RATE', 0)
if (!Number.isFinite(defaultTaxRate) || defaultTaxRate < 0 || defaultTaxRate > 100) {
  throw new Error(`DEFAULT_TAX_RATE must be a percent from 0 to 100, got ${defaultTaxRate}`)
}

// A negative or fractional threshold would make the dashboard's low-stock card meaningless.
const lowStockThreshold = env.get('LOW_STOCK_THRESHOLD', 5)
if (!Number.isInteger(lowStockThreshold) || lowStockThreshold < 0) {
  throw new Error(
    `LOW_STOCK_THRESHOLD must be a whole number of units, 0 or more, got ${lowStockThreshold}`
  )
}

// How long this process may show a shipping method or tax rate changed elsewhere, in seconds
// (app/services/checkout/near_static_cache.ts); 0 reads them from the database every time.
const nearStaticCacheSeconds = env.get('NEAR_STATIC_CACHE_SECONDS', 5)
if (!Number.isFinite(nearStaticCacheSeconds) || nearStaticCacheSeconds < 0) {
  throw new Error(
    `NEAR_STATIC_CACHE_SECONDS must be a number of seconds, 0 or more, got ${nearStaticCacheSeconds}`
  )
}

/**
 * Store-wide settings: the time zone of coupon dates and dashboard days, the currency, the
 * fallback tax rate, the stock at or below which the dashboard lists a product, and how long
 * shipping methods and tax rates may be cached.
 */
const storeConfig = {
  timezone,
  currency,
  defaultTaxRate,
  lowStockThreshold,
  nearStaticCacheSeconds,
}

export default storeConfig
