import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import Product, { PRODUCT_SORTS } from '#models/product'
import type { ProductRow } from '#transformers/product_transformer'
import { ProductNotFound } from '#exceptions/catalog_errors'
import { pageOf, type PageRequest, type PageResult } from '#support/paging'
import { searchTerms } from '#support/search_terms'
import {
  orderByRelevance,
  whereInStock,
  whereMatches,
  wherePriceBetween,
} from '#queries/catalog_search'
import { productOnSaleRow } from '#queries/product_on_sale'
import { categoryIdsOfProduct } from '#queries/product_extras'
import { CategoryService } from '#services/catalog/category_service'
import { ProductImageService } from '#services/catalog/product_image_service'
import { ProductVariantService } from '#services/catalog/product_variant_service'

/**
 * Orderings of the public catalog: `relevance` (best match first, only with a search), `newest`,
 * `price` (cheapest first) and `-price`. Each ends with newest first, then id: a total order.
 */
export const CATALOG_SORTS = ['relevance', ...PRODUCT_SORTS] as const
export type CatalogSort = (typeof CATALOG_SORTS)[number]

/** The orderings' former names, still taken (docs/api/catalog.md, "Search"). */
export const CATALOG_SORT_ALIASES = { price_asc: 'price', price_desc: '-price' } as const

/** Filters of the public catalog. */
export interface CatalogFilter {
  /** Words to find in the name or description; blank means no search. */
  q?: string
  shopId?: string
  /** Products filed directly under this category (not under its subcategories). */
  categoryId?: string
  /** Inclusive price bounds, in cents. */
  minPriceCents?: number
  maxPriceCents?: number
  /** True: only products in stock; false: only products out of stock. */
  inStock?: boolean
  /** Default: `relevance` with a search, `newest` without. */
  sort?: CatalogSort
}

/** The public catalog: only active, non-deleted products of approved shops. */
@inject()
export class CatalogService {
  constructor(
    protected categories: CategoryService,
    protected images: ProductImageService,
    protected variants: ProductVariantService
  ) {}

  /**
   * One page of products on sale, searched, filtered and ordered. A search whose text holds no
   * word (only punctuation) matches nothing.
   */
  async list(filter: CatalogFilter, page: PageRequest): Promise<PageResult<Product>> {
    const terms = searchTerms(filter.q ?? '')
    if (filter.q && terms.length === 0) return { items: [], total: 0 }
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
    if (filter.minPriceCents !== undefined || filter.maxPriceCents !== undefined) {
      wherePriceBetween(query, filter.minPriceCents, filter.maxPriceCents)
    }
    if (filter.inStock !== undefined) whereInStock(query, filter.inStock)
    if (terms.length > 0) whereMatches(query, terms)
    // Relevance means nothing without a search: the list is then newest first.
    const sort = filter.sort ?? (terms.length > 0 ? 'relevance' : 'newest')
    const result = await pageOf(query, page, (slice) => {
      // Only the product's columns: the search joins `product_search`, whose FTS5 columns
      // share the product's names.
      slice.select('products.*')
      if (sort === 'relevance' && terms.length > 0) orderByRelevance(slice, terms)
      slice.withScopes((scopes) => scopes.sortedBy(sort === 'relevance' ? 'newest' : sort))
    })
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
   * The hottest read of the catalog: its shop's name and its variants on sale come in the same
   * query (a join and a JSON aggregate rather than more round trips), and the row is answered as it is, without a model
   * (`ProductTransformer.fromRow`), by SQL compiled once (`CompiledQuery`): hydrating the model and
   * building the query were half of the request's CPU (docs/performance.md, "Profile"). Its
   * categories and images are two more statements compiled once.
   */
  async show(productId: string): Promise<ProductRow> {
    const row = await productOnSaleRow(productId)
    if (!row) throw new ProductNotFound()
    const categories = await categoryIdsOfProduct.rows<{ category_id: string }>([row.id])
    return {
      ...row,
      category_ids: categories.map((category) => category.category_id),
      images: await this.images.imagesOfOne(row.id),
    }
  }
}
