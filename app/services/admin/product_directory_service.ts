import Product from '#models/product'
import Shop from '#models/shop'
import { ProductNotFound } from '#exceptions/catalog_errors'
import { isUuid } from '#support/uuid'
import { pageOf, type PageRequest, type PageResult } from '#support/paging'

/**
 * The console's product statuses, one per product: taken down by an administrator, else its
 * seller's switch, on (`active`) or off (`inactive`). Deleted products are never listed.
 */
export const PRODUCT_AVAILABILITIES = ['active', 'inactive', 'taken_down'] as const
export type ProductAvailability = (typeof PRODUCT_AVAILABILITIES)[number]

/** What the console's product list may be narrowed to; every field is optional. */
export interface ProductDirectoryFilter {
  shopId?: string
  status?: ProductAvailability
  /** Products with at most this many units in stock (0: out of stock). */
  stockAtMost?: number
}

/**
 * The console's product list: every product of every shop, whoever sells it. Writes go through
 * `ProductService`, as the seller's do.
 */
export class ProductDirectoryService {
  /** A page of products not deleted, each with its shop, by shop then name. */
  async list(filter: ProductDirectoryFilter, page: PageRequest): Promise<PageResult<Product>> {
    const query = Product.query().withScopes((scopes) => scopes.notDeleted())
    if (filter.shopId) query.where('products.shop_id', filter.shopId)
    if (filter.status === 'taken_down') query.whereNotNull('products.taken_down_at')
    if (filter.status === 'active' || filter.status === 'inactive') {
      query
        .whereNull('products.taken_down_at')
        .where('products.is_active', filter.status === 'active')
    }
    if (filter.stockAtMost !== undefined) query.where('products.stock', '<=', filter.stockAtMost)
    return pageOf(query, page, (slice) => {
      slice.preload('shop').orderBy('products.name', 'asc').orderBy('products.id', 'asc')
    })
  }

  /** One product not deleted, with its shop (its page, the takedown form); else a 404. */
  async find(productId: string): Promise<Product> {
    // A malformed id would make PostgreSQL reject the query; it names no product either way.
    if (!isUuid(productId)) throw new ProductNotFound()
    const product = await Product.query()
      .withScopes((scopes) => scopes.notDeleted())
      .where('products.id', productId)
      .preload('shop')
      .first()
    if (!product) throw new ProductNotFound()
    return product
  }

  /** Every shop by name, for the shop filter. */
  async shops(): Promise<Pick<Shop, 'id' | 'name'>[]> {
    return Shop.query().select('id', 'name').orderBy('name', 'asc').orderBy('id', 'asc')
  }
}
