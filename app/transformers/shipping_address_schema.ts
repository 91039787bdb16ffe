import { instant, nullableString, objectOf, uuid } from '#openapi/json_schema'

/** The address fields every address response shows: the same fields an order copies. */
export const addressFieldsSchema = {
  fullName: { type: 'string', maxLength: 100 },
  phone: { type: 'string', maxLength: 32 },
  line1: { type: 'string', maxLength: 200 },
  line2: nullableString,
  city: { type: 'string', maxLength: 100 },
  state: nullableString,
  postalCode: nullableString,
  country: { type: 'string', description: 'ISO 3166-1 alpha-2, upper-case' },
}

/** The response schema of `ShippingAddressTransformer` (shipping_address_transformer.ts). */
export const shippingAddressSchema = objectOf({
  id: uuid,
  ...addressFieldsSchema,
  isDefault: { type: 'boolean' },
  createdAt: instant,
  updatedAt: instant,
})
