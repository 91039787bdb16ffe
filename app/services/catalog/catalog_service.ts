import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import Product, { type ProductSort } from '#models/product'
import type { ProductRow } from '#transformers/product_transformer'
import { ProductNotFound } from '#exceptions/catalog_errors'
import { pageOf, type PageRequest, type PageResult } from '#support/paging'
import { containsPattern } from '#support/sql_like'
import { productOnSaleRow } from '#queries/product_on_sale'
import { CategoryService } from '#services/catalog/category_service'
import { ProductImageService } from '#services/catalog/product_image_service'
import { ProductVariantService } from '#services/catalog/product_variant_service'

/** Filters of the public catalog. */
export interface CatalogFilter {
  q?: string
  shopId?: string
  /** Products filed directly under this category (not under its subcategories). */
  categoryId?: string
  sort?: ProductSort
}

/** The public catalog: only active, non-deleted products of approved shops. */
@inject()
export class CatalogService {
  constructor(
    protected categories: CategoryService,
    protected images: ProductImageService,
    protected variants: ProductVariantService
  ) {}

  /** One page of products on sale, searched, filtered and ordered. */
  async list(filter: CatalogFilter, page: PageRequest): Promise<PageResult<Product>> {
    const query = Product.query()
      .withScopes((scopes) => scopes.onSale())
      .preload('shop')
    if (filter.shopId) query.where('products.shop_id', filter.shopId)
    if (filter.categoryId) {
      query.whereIn(
        'products.id',
        db.from('product_categories').select('product_id').where('category_id', filter.categoryId)
      )
    }
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
    const result = await pageOf(query, page, (slice) =>
      slice.withScopes((scopes) => scopes.sortedBy(sort))
    )
    await this.withCategoryIds(result.items)
    return result
  }

  /**
   * Puts each product's category ids, images and variants on sale in its `$extras`, in one query
   * each for them all.
   */
  async withCategoryIds(products: Product[]): Promise<void> {
    const productIds = products.map((product) => product.id)
    const ids = await this.categories.idsOf(productIds)
    const images = await this.images.imagesOf(productIds)
    const variants = await this.variants.variantsOf(productIds, { onSaleOnly: true })
    for (const product of products) {
      product.$extras.categoryIds = ids.get(product.id) ?? []
      product.$extras.images = images.get(product.id) ?? []
      product.$extras.variants = variants.get(product.id) ?? []
    }
  }

  /**
   * One product on sale; anything else (unknown, inactive, deleted, shop not approved) is a 404.
   * The hottest read of the catalog: its shop's name comes in the same query (a join rather than
   * a preload's second round trip), and the row is answered as it is, without a model
   * (`ProductTransformer.fromRow`), by SQL compiled once (`CompiledQuery`): hydrating the model and
   * building the query were half of the request's CPU (docs/performance.md, "Profile").
   */
  async show(productId: string): Promise<ProductRow> {
    const row = await productOnSaleRow(productId)
    if (!row) throw new ProductNotFound()
    const ids = await this.categories.idsOf([row.id])
    const images = await this.images.imagesOf([row.id])
    const variants = await this.variants.variantsOf([row.id], { onSaleOnly: true })
    return {
      ...row,
      category_ids: ids.get(row.id) ?? [],
      images: images.get(row.id) ?? [],
      variants: variants.get(row.id) ?? [],
    }
  }
}
