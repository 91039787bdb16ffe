import type { DateTime } from 'luxon'
import { belongsTo, column } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import { UuidModel } from '#models/uuid_model'
import User from '#models/user'
import type { ShopStatus } from '#enums/shop_status'

/** A seller's storefront; its products are on sale only while it is APPROVED. */
export default class Shop extends UuidModel {
  @column()
  declare sellerId: string

  @column()
  declare name: string

  @column()
  declare description: string | null

  @column()
  declare status: ShopStatus

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime

  @belongsTo(() => User, { foreignKey: 'sellerId' })
  declare seller: BelongsTo<typeof User>
}
