import { amount, nullableString, objectOf, uuid } from '#openapi/json_schema'

/** The response schema of `ShippingMethodTransformer` (shipping_method_transformer.ts). */
export const shippingMethodSchema = objectOf({
  id: uuid,
  name: { type: 'string' },
  description: nullableString,
  price: amount('Charged once per shop order'),
  estimatedDays: { type: 'integer', minimum: 0, maximum: 365 },
  isActive: { type: 'boolean' },
})
