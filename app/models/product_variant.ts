import type { DateTime } from 'luxon'
import { belongsTo, column, scope } from '@adonisjs/lucid/orm'
import type { ModelQueryBuilderContract } from '@adonisjs/lucid/types/model'
import { compose } from '@adonisjs/core/helpers'
import { SoftDeletes } from '#models/mixins/soft_deletes'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import { UuidModel } from '#models/uuid_model'
import Product from '#models/product'
import { booleanColumn } from '#models/column_types'

/** One value of each of its product's options: `{ Size: 'M', Colour: 'Red' }`; `{}` by default. */
export type OptionValues = Record<string, string>

/**
 * Option values as a column keeps them (JSON text on both databases); the default variant's `{}`
 * is answered without parsing, as most lines of most carts are of products without options.
 */
export function parseOptionValues(value: unknown): OptionValues {
  if (typeof value !== 'string') return (value ?? {}) as OptionValues
  return value === '{}' ? {} : (JSON.parse(value) as OptionValues)
}

/** A JSON object column read back as one. */
export const optionValuesColumn = {
  prepare: (value: OptionValues) => JSON.stringify(value),
  consume: parseOptionValues,
}

/**
 * What a customer buys: one combination of its product's options, with its own SKU, price in
 * integer cents and stock. A product without options has one default variant, whose id is the
 * product's own (docs/api/catalog.md, "Variants"). Soft-deleted like products: order lines keep
 * pointing at the row.
 */
export default class ProductVariant extends compose(UuidModel, SoftDeletes) {
  @column()
  declare productId: string

  /** The product's shop, moved with it: SKUs are unique per shop. */
  @column()
  declare shopId: string

  @column()
  declare sku: string

  @column(optionValuesColumn)
  declare optionValues: OptionValues

  /** `optionValues` as one canonical string, unique among a product's live variants. */
  @column()
  declare optionKey: string

  @column()
  declare priceCents: number

  @column()
  declare stock: number

  @column(booleanColumn)
  declare isActive: boolean

  @column()
  declare position: number

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime

  @belongsTo(() => Product)
  declare product: BelongsTo<typeof Product>

  /** What a customer may buy: active, not deleted, and its product on sale (`Product.onSale`). */
  static onSale = scope((query: ModelQueryBuilderContract<typeof ProductVariant>) => {
    query
      .withScopes((scopes) => scopes.notDeleted())
      .where('product_variants.is_active', true)
      .whereHas('product', (product) => product.withScopes((scopes) => scopes.onSale()))
  })
}
