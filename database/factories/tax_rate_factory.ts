import factory from '@adonisjs/lucid/factories'
import TaxRate from '#models/tax_rate'

/** Country-wide rates; merge `country` (and `region`) to target a destination. */
export const TaxRateFactory = factory
  .define(TaxRate, () => ({ country: 'US', region: '', rate: 8250 }))
  .build()
