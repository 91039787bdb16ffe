import { amount, instant, nullable, nullableString, objectOf, uuid } from '#openapi/json_schema'

const productFields = {
  id: uuid,
  shopId: uuid,
  shopName: { type: 'string' },
  name: { type: 'string' },
  description: nullableString,
  sku: { type: 'string' },
  price: amount('Decimal amount, at most two places'),
  stock: { type: 'integer', minimum: 0 },
  inStock: { type: 'boolean' },
  isActive: { type: 'boolean', description: "The seller's own switch" },
  createdAt: instant,
  updatedAt: instant,
}

/** The response schema of `ProductTransformer` (product_transformer.ts): the public catalog. */
export const productSchema = objectOf(productFields)

/** The response schema of `ProductTransformer`'s `forSeller` variant: the seller's routes. */
export const sellerProductSchema = objectOf({
  ...productFields,
  takenDown: {
    type: 'boolean',
    description:
      'An administrator keeps the product off sale, whatever `isActive` says, until an ' +
      'administrator restores it',
  },
  takenDownAt: nullable(instant),
  takedownReason: { type: ['string', 'null'], maxLength: 500 },
})
