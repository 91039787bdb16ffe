import type { DateTime } from 'luxon'
import { belongsTo, column, hasMany, scope } from '@adonisjs/lucid/orm'
import type { BelongsTo, HasMany } from '@adonisjs/lucid/types/relations'
import type { ModelQueryBuilderContract } from '@adonisjs/lucid/types/model'
import { compose } from '@adonisjs/core/helpers'
import { UuidModel } from '#models/uuid_model'
import { SoftDeletes } from '#models/mixins/soft_deletes'
import Shop from '#models/shop'
import { booleanColumn } from '#models/column_types'
import ProductVariant from '#models/product_variant'

/** One option of a product and its values, in the order the seller gave them. */
export interface ProductOption {
  name: string
  values: string[]
}

const productOptionsColumn = {
  prepare: (value: ProductOption[]) => JSON.stringify(value),
  consume: (value: unknown): ProductOption[] =>
    typeof value === 'string'
      ? (JSON.parse(value) as ProductOption[])
      : ((value ?? []) as ProductOption[]),
}

type ProductQuery = ModelQueryBuilderContract<typeof Product>

/**
 * Orderings of product lists: newest first, or by price (`-price`: dearest first). The catalog's
 * search adds `relevance` (app/services/catalog/catalog_service.ts), which ends with `newest`.
 */
export const PRODUCT_SORTS = ['newest', 'price', '-price'] as const
export type ProductSort = (typeof PRODUCT_SORTS)[number]

/**
 * Something a shop sells, in one or more variants (`ProductVariant`) that hold its SKUs, prices and
 * stock; `deletedAt` marks a soft-deleted product.
 */
export default class Product extends compose(UuidModel, SoftDeletes) {
  @column()
  declare shopId: string

  @column()
  declare name: string

  @column()
  declare description: string | null

  /**
   * The lowest price of its variants on sale, kept by the service with every variant change, for
   * the catalog's price filter and sort; a variant's own price is what is charged.
   */
  @column()
  declare priceCents: number

  /** Up to three options, each with its values: `[{ name: 'Size', values: ['S', 'M'] }]`. */
  @column(productOptionsColumn)
  declare options: ProductOption[]

  /** The seller's own switch: off, the product is kept but not on sale. */
  @column(booleanColumn)
  declare isActive: boolean

  /**
   * Set while an administrator keeps the product off sale, whatever `isActive` says; only an
   * administrator sets or clears it, with `takedownReason`, which the seller is shown.
   */
  @column.dateTime()
  declare takenDownAt: DateTime | null

  @column()
  declare takedownReason: string | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime

  @belongsTo(() => Shop)
  declare shop: BelongsTo<typeof Shop>

  /** Every variant, deleted ones included: scope the query (`notDeleted`) when it matters. */
  @hasMany(() => ProductVariant)
  declare variants: HasMany<typeof ProductVariant>

  /**
   * What the public catalog and the cart may show: active, not taken down, not deleted, and its
   * shop selling (approved, owner an active seller).
   */
  static onSale = scope((query: ProductQuery) => {
    query
      .withScopes((scopes) => scopes.notDeleted())
      .where('products.is_active', true)
      .whereNull('products.taken_down_at')
      .whereHas('shop', (shop) => shop.withScopes((scopes) => scopes.selling()))
  })

  /**
   * A total order for stable pages: ties on price or time are broken by id. The one place lists
   * are ordered by price (filtering by price is `wherePriceBetween`, app/queries/catalog_search.ts).
   */
  static sortedBy = scope<typeof Product, (query: ProductQuery, sort: ProductSort) => void>(
    (query, sort) => {
      if (sort === 'price') query.orderBy('products.price_cents', 'asc')
      if (sort === '-price') query.orderBy('products.price_cents', 'desc')
      query.orderBy('products.created_at', 'desc').orderBy('products.id', 'asc')
    }
  )
}
