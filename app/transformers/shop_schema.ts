import { instant, nullableString, objectOf, uuid } from '#openapi/json_schema'
import { SHOP_STATUSES } from '#enums/shop_status'

/** The response schema of `ShopTransformer` (shop_transformer.ts). */
export const shopSchema = objectOf({
  id: uuid,
  name: { type: 'string' },
  description: nullableString,
  status: { enum: [...SHOP_STATUSES] },
  sellerId: uuid,
  createdAt: instant,
  updatedAt: instant,
})
