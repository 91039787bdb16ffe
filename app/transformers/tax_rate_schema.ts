import { instant, objectOf, uuid } from '#openapi/json_schema'

/** The response schema of `TaxRateTransformer` (tax_rate_transformer.ts). */
export const taxRateSchema = objectOf({
  id: uuid,
  country: { type: 'string' },
  region: { type: ['string', 'null'], description: 'Upper-case; null for the country-wide rate' },
  rate: { type: 'number', minimum: 0, maximum: 100, description: 'A percent, e.g. 8.25' },
  createdAt: instant,
  updatedAt: instant,
})
