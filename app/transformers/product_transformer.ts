import type Product from '#models/product'
import { centsToAmount } from '#support/money'

/** A product as sellers and the public catalog show it. */
export interface ProductJson {
  id: string
  shopId: string
  shopName: string
  name: string
  description: string | null
  sku: string
  price: number
  stock: number
  inStock: boolean
  isActive: boolean
  createdAt: string
  updatedAt: string
}

/** Shapes one product; its `shop` relation must be loaded (for `shopName`). */
export function productJson(product: Product): ProductJson {
  return {
    id: product.id,
    shopId: product.shopId,
    shopName: product.shop.name,
    name: product.name,
    description: product.description,
    sku: product.sku,
    price: centsToAmount(product.priceCents),
    stock: product.stock,
    inStock: product.stock > 0,
    isActive: product.isActive,
    createdAt: product.createdAt.toUTC().toISO()!,
    updatedAt: product.updatedAt.toUTC().toISO()!,
  }
}
