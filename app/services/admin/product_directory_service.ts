import { inject } from '@adonisjs/core'
import Product from '#models/product'
import { ProductVariantService, type VariantView } from '#services/catalog/product_variant_service'
import { containsPattern } from '#support/sql_like'
import { optionsLabel } from '#services/catalog/variant_rules'
import Shop from '#models/shop'
import { ProductNotFound, VariantNotFound } from '#exceptions/catalog_errors'
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
  /** Products with at most this many units in stock, all variants together (0: out of stock). */
  stockAtMost?: number
  /** Part of the product's name or of one of its variants' SKUs, ignoring case. */
  q?: string
}

/** A product's units in stock, all its live variants together, as a column of the list. */
const STOCK_OF_PRODUCT = `(select coalesce(sum(v.stock), 0) from product_variants v
   where v.product_id = products.id and v.deleted_at is null)`

/**
 * The console's product list: every product of every shop, whoever sells it. Writes go through
 * `ProductService`, as the seller's do.
 */
@inject()
export class ProductDirectoryService {
  constructor(protected variants: ProductVariantService) {}

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
    if (filter.stockAtMost !== undefined) {
      query.whereRaw(`${STOCK_OF_PRODUCT} <= ?`, [filter.stockAtMost])
    }
    if (filter.q) {
      const pattern = containsPattern(filter.q.toLowerCase())
      query.where((either) =>
        either
          .whereRaw(`lower(products.name) like ? escape '\\'`, [pattern])
          .orWhereExists((variant) =>
            variant
              .from('product_variants')
              .whereColumn('product_variants.product_id', 'products.id')
              .whereNull('product_variants.deleted_at')
              .whereRaw(`lower(product_variants.sku) like ? escape '\\'`, [pattern])
          )
      )
    }
    const result = await pageOf(query, page, (slice) => {
      slice.preload('shop').orderBy('products.name', 'asc').orderBy('products.id', 'asc')
    })
    await this.withVariants(result.items)
    return result
  }

  /**
   * Puts each product's live variants in `$extras.variants` (each with its options as one
   * `label`), its options as one line in `$extras.options`, their units together in
   * `$extras.stock`, and the SKU of a product without options in `$extras.sku`.
   */
  async withVariants(products: Product[]): Promise<void> {
    const variants = await this.variants.variantsOf(
      products.map((product) => product.id),
      { onSaleOnly: false }
    )
    for (const product of products) {
      const own = variants.get(product.id) ?? []
      product.$extras.variants = own.map((variant) => ({
        ...variant,
        label: optionsLabel(variant.optionValues),
      }))
      product.$extras.options = product.options
        .map((option) => `${option.name} (${option.values.join(', ')})`)
        .join('; ')
      product.$extras.stock = own.reduce((sum, variant) => sum + variant.stock, 0)
      product.$extras.sku = product.options.length === 0 ? (own[0]?.sku ?? null) : null
    }
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
    await this.withVariants([product])
    return product
  }

  /**
   * One live variant of a product not deleted (its delete page), with the product and whether it
   * is the last one (which stays: `LAST_VARIANT`); else a 404.
   */
  async variantOf(productId: string, variantId: string) {
    const product = await this.find(productId)
    const variants: Array<VariantView & { label: string }> = product.$extras.variants
    const variant = variants.find((candidate) => candidate.id === variantId)
    if (!variant) throw new VariantNotFound()
    return { product, variant, isLast: variants.length === 1 }
  }

  /** Every shop by name, for the shop filter. */
  async shops(): Promise<Pick<Shop, 'id' | 'name'>[]> {
    return Shop.query().select('id', 'name').orderBy('name', 'asc').orderBy('id', 'asc')
  }
}
