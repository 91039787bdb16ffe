import Product from '#models/product'
import Shop from '#models/shop'
import { pageOf, type PageRequest, type PageResult } from '#support/paging'

/** Whether a listed product is on offer; deleted products are never listed. */
export const PRODUCT_AVAILABILITIES = ['active', 'inactive'] as const
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
    if (filter.status) query.where('products.is_active', filter.status === 'active')
    if (filter.stockAtMost !== undefined) query.where('products.stock', '<=', filter.stockAtMost)
    return pageOf(query, page, (slice) => {
      slice.preload('shop').orderBy('products.name', 'asc').orderBy('products.id', 'asc')
    })
  }

  /** Every shop by name, for the shop filter. */
  async shops(): Promise<Pick<Shop, 'id' | 'name'>[]> {
    return Shop.query().select('id', 'name').orderBy('name', 'asc').orderBy('id', 'asc')
  }
}
