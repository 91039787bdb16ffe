import type Product from '#models/product'
import { nullableString, uuid } from '#openapi/json_schema'
import ApiTransformer from '#transformers/api_transformer'
import {
  amountField,
  field,
  instantField,
  nullableInstantField,
  shapeOf,
} from '#transformers/shape'
import { centsToAmount } from '#support/money'
import { instantOfRow } from '#support/sql_time'

/** A row of `products` read without a model, with its shop's name (`CatalogService.show`). */
export interface ProductRow {
  id: string
  shop_id: string
  shop_name: string
  name: string
  description: string | null
  sku: string
  price_cents: number
  stock: number
  /** 0 or 1 on SQLite. */
  is_active: boolean | number
  created_at: Date | string
  updated_at: Date | string
}

/** The product as the public catalog shows it; its `shop` must be preloaded. */
const catalogShape = shapeOf<Product>()({
  id: field(uuid, (product) => product.id),
  shopId: field(uuid, (product) => product.shopId),
  shopName: field({ type: 'string' }, (product) => product.shop.name),
  name: field({ type: 'string' }, (product) => product.name),
  description: field(nullableString, (product) => product.description),
  sku: field({ type: 'string' }, (product) => product.sku),
  price: amountField((product) => product.priceCents, 'Decimal amount, at most two places'),
  stock: field({ type: 'integer', minimum: 0 }, (product) => product.stock),
  inStock: field({ type: 'boolean' }, (product) => product.stock > 0),
  isActive: field(
    { type: 'boolean', description: "The seller's own switch" },
    (product) => product.isActive
  ),
  createdAt: instantField((product) => product.createdAt),
  updatedAt: instantField((product) => product.updatedAt),
})

/** A product just created has never read the takedown columns: undefined stands for null. */
const takenDownAt = (product: Product) => product.takenDownAt ?? null

/**
 * The body its seller sees: a taken-down product is off sale whatever `isActive` says, until an
 * administrator restores it (docs/api/catalog.md, "Takedowns").
 */
const sellerShape = catalogShape.with({
  takenDown: field(
    {
      type: 'boolean',
      description:
        'An administrator keeps the product off sale, whatever `isActive` says, until an ' +
        'administrator restores it',
    },
    (product) => takenDownAt(product) !== null
  ),
  takenDownAt: nullableInstantField(takenDownAt),
  takedownReason: field({ type: ['string', 'null'], maxLength: 500 }, (product) =>
    takenDownAt(product) ? product.takedownReason : null
  ),
})

/**
 * A product as the public catalog shows it; its `shop` must be preloaded. Its seller's routes
 * answer with the `forSeller` variant, which adds the administrator's takedown.
 */
export default class ProductTransformer extends ApiTransformer<Product> {
  static readonly shape = catalogShape
  static readonly sellerShape = sellerShape

  /**
   * The same body from a row, for the hottest catalog read: no model is hydrated and no
   * transformer item built (issue #15 allows it; docs/performance.md, "Profile").
   */
  static readonly fromRow = catalogShape.readerFor<ProductRow>({
    id: (row) => row.id,
    shopId: (row) => row.shop_id,
    shopName: (row) => row.shop_name,
    name: (row) => row.name,
    description: (row) => row.description,
    sku: (row) => row.sku,
    price: (row) => centsToAmount(row.price_cents),
    stock: (row) => row.stock,
    inStock: (row) => row.stock > 0,
    isActive: (row) => Boolean(row.is_active),
    createdAt: (row) => instantOfRow(row.created_at),
    updatedAt: (row) => instantOfRow(row.updated_at),
  })

  toObject() {
    return catalogShape.write(this.resource)
  }

  forSeller() {
    return sellerShape.write(this.resource)
  }
}
