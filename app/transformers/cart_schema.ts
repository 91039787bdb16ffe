import { amount, arrayOf, objectOf, uuid } from '#openapi/json_schema'

/** The response schema of `CartTransformer` (cart_transformer.ts). */
export const cartSchema = objectOf({
  items: arrayOf(
    objectOf({
      productId: uuid,
      shopId: uuid,
      shopName: { type: 'string' },
      name: { type: 'string' },
      unitPrice: amount('Current price of the product'),
      quantity: { type: 'integer', minimum: 1, maximum: 999 },
      lineTotal: amount(),
      stock: { type: 'integer', minimum: 0 },
      available: {
        type: 'boolean',
        description: 'False once the product left the catalog; checkout refuses such a line',
      },
    })
  ),
  itemCount: { type: 'integer', description: 'Sum of the quantities of available lines' },
  subTotal: amount('Sum of the line totals of available lines'),
})
