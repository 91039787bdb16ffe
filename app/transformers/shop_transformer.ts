import type Shop from '#models/shop'

/** A shop as the API shows it. */
export interface ShopJson {
  id: string
  name: string
  description: string | null
  status: string
  sellerId: string
  createdAt: string
  updatedAt: string
}

/** Shapes one shop; instants in UTC ISO 8601. */
export function shopJson(shop: Shop): ShopJson {
  return {
    id: shop.id,
    name: shop.name,
    description: shop.description,
    status: shop.status,
    sellerId: shop.sellerId,
    createdAt: shop.createdAt.toUTC().toISO()!,
    updatedAt: shop.updatedAt.toUTC().toISO()!,
  }
}
