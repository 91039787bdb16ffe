import Product, { type ProductSort } from '#models/product'
import Shop from '#models/shop'
import { ProductNotFound } from '#exceptions/catalog_errors'
import { pageOf, type PageRequest, type PageResult } from '#support/paging'
import { containsPattern } from '#support/sql_like'

/** Filters of the public catalog. */
export interface CatalogFilter {
  q?: string
  shopId?: string
  sort?: ProductSort
}

/** The public catalog: only active, non-deleted products of approved shops. */
export class CatalogService {
  /** One page of products on sale, searched, filtered and ordered. */
  async list(filter: CatalogFilter, page: PageRequest): Promise<PageResult<Product>> {
    const query = Product.query()
      .withScopes((scopes) => scopes.onSale())
      .preload('shop')
    if (filter.shopId) query.where('products.shop_id', filter.shopId)
    if (filter.q) {
      // LOWER + LIKE behaves the same on SQLite and PostgreSQL (ILIKE is PostgreSQL-only).
      const pattern = containsPattern(filter.q.toLowerCase())
      query.where((search) => {
        search
          .whereRaw(`lower(products.name) like ? escape '\\'`, [pattern])
          .orWhereRaw(`lower(products.description) like ? escape '\\'`, [pattern])
      })
    }
    const sort = filter.sort ?? 'newest'
    return pageOf(query, page, (slice) => slice.withScopes((scopes) => scopes.sortedBy(sort)))
  }

  /**
   * One product on sale; anything else (unknown, inactive, deleted, shop not approved) is a 404.
   * The hottest read of the catalog, so its shop comes in the same query (a join rather than a
   * preload's second round trip); the answer shows only the shop's id and name, so the related
   * shop holds only those.
   */
  async show(productId: string): Promise<Product> {
    const product = await Product.query()
      .withScopes((scopes) => scopes.onSale())
      .where('products.id', productId)
      .join('shops', 'shops.id', 'products.shop_id')
      .select('products.*', 'shops.name as shop_name')
      .first()
    if (!product) throw new ProductNotFound()
    const shop = Shop.$createFromAdapterResult({
      id: product.shopId,
      name: product.$extras.shop_name,
    })
    if (shop) product.$setRelated('shop', shop)
    return product
  }
}
