import type { DateTime } from 'luxon'
import { belongsTo, column } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import { UuidModel } from '#models/uuid_model'
import User from '#models/user'
import Product from '#models/product'

/** The most units one cart line may hold (also a CHECK on the table). */
export const MAX_LINE_QUANTITY = 999

/** The most lines (different variants) one cart may hold. */
export const MAX_CART_LINES = 100

/** One line of a customer's cart; the price is always read from its variant, never stored. */
export default class CartItem extends UuidModel {
  @column()
  declare userId: string

  @column()
  declare productId: string

  @column()
  declare variantId: string

  @column()
  declare quantity: number

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime

  @belongsTo(() => User)
  declare user: BelongsTo<typeof User>

  @belongsTo(() => Product)
  declare product: BelongsTo<typeof Product>
}
