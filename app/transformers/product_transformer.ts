import type Product from '#models/product'
import ApiTransformer from '#transformers/api_transformer'
import { centsToAmount } from '#support/money'
import { instantOfRow } from '#support/sql_time'

/** The product fields the body shows besides its shop's name and its two instants. */
type ProductFields = Pick<
  Product,
  'id' | 'shopId' | 'name' | 'description' | 'sku' | 'priceCents' | 'stock' | 'isActive'
>

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

/** The one body of a product, from a model or from a row. */
function productBody(
  product: ProductFields,
  shopName: string,
  createdAt: string,
  updatedAt: string
) {
  return {
    id: product.id,
    shopId: product.shopId,
    shopName,
    name: product.name,
    description: product.description,
    sku: product.sku,
    price: centsToAmount(product.priceCents),
    stock: product.stock,
    inStock: product.stock > 0,
    isActive: product.isActive,
    createdAt,
    updatedAt,
  }
}

/**
 * A product as the public catalog shows it; its `shop` must be preloaded. Its seller's routes
 * answer with the `forSeller` variant, which adds the administrator's takedown.
 */
export default class ProductTransformer extends ApiTransformer<Product> {
  /**
   * The same body from a row, for the hottest catalog read: no model is hydrated and no
   * transformer item built (issue #15 allows it; docs/performance.md, "Profile").
   */
  static fromRow(row: ProductRow) {
    return productBody(
      {
        id: row.id,
        shopId: row.shop_id,
        name: row.name,
        description: row.description,
        sku: row.sku,
        priceCents: row.price_cents,
        stock: row.stock,
        isActive: Boolean(row.is_active),
      },
      row.shop_name,
      instantOfRow(row.created_at),
      instantOfRow(row.updated_at)
    )
  }

  toObject() {
    const product = this.resource
    return productBody(
      product,
      product.shop.name,
      this.instant(product.createdAt),
      this.instant(product.updatedAt)
    )
  }

  /**
   * The body its seller sees: a taken-down product is off sale whatever `isActive` says, until
   * an administrator restores it (docs/api/catalog.md, "Takedowns").
   */
  forSeller() {
    // A product just created has never read these columns: undefined stands for null.
    const takenDownAt = this.resource.takenDownAt ?? null
    return {
      ...this.toObject(),
      takenDown: takenDownAt !== null,
      takenDownAt: takenDownAt ? this.instant(takenDownAt) : null,
      takedownReason: takenDownAt ? this.resource.takedownReason : null,
    }
  }
}
