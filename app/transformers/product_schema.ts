import { amount, instant, nullableString, objectOf, uuid } from '#openapi/json_schema'

/** The response schema of `ProductTransformer` (product_transformer.ts). */
export const productSchema = objectOf({
  id: uuid,
  shopId: uuid,
  shopName: { type: 'string' },
  name: { type: 'string' },
  description: nullableString,
  sku: { type: 'string' },
  price: amount('Decimal amount, at most two places'),
  stock: { type: 'integer', minimum: 0 },
  inStock: { type: 'boolean' },
  isActive: { type: 'boolean' },
  createdAt: instant,
  updatedAt: instant,
})
