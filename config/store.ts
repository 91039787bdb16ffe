import env from '#start/env'

/**
 * Store-wide settings: the time zone of coupon dates and dashboard days, the currency, the
 * fallback tax rate, the stock at or below which a product is low on stock (the dashboard's tile and the
 * `product.low_stock` webhook event, app/services/catalog/stock_service.ts), and how long
 * shipping methods and tax rates may be cached (app/services/checkout/near_static_cache.ts; 0
 * reads them from the database every time). start/env.ts refuses to boot on a value out of range:
 * a misspelt zone or a tax rate outside 0..100 would otherwise be wrong on every order.
 */
const storeConfig = {
  timezone: env.get('STORE_TIMEZONE') || 'UTC',
  currency: env.get('CURRENCY') || 'USD',
  defaultTaxRate: env.get('DEFAULT_TAX_RATE', 0),
  lowStockThreshold: env.get('LOW_STOCK_THRESHOLD', 5),
  nearStaticCacheSeconds: env.get('NEAR_STATIC_CACHE_SECONDS', 5),
}

export default storeConfig
