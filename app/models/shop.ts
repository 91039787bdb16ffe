import type { DateTime } from 'luxon'
import { belongsTo, column, scope } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import type { ModelQueryBuilderContract } from '@adonisjs/lucid/types/model'
import { UuidModel } from '#models/uuid_model'
import User from '#models/user'
import { ShopStatus } from '#enums/shop_status'
import { UserType } from '#enums/user_type'

type ShopQuery = ModelQueryBuilderContract<typeof Shop>

/**
 * A seller's storefront; its products are on sale only while it is APPROVED and its owner is still
 * an active SELLER account.
 */
export default class Shop extends UuidModel {
  @column()
  declare sellerId: string

  @column()
  declare name: string

  @column()
  declare description: string | null

  @column()
  declare status: ShopStatus

  /**
   * Its own commission rate in hundredths of a percent, set by an admin; null: the default
   * (DEFAULT_COMMISSION_RATE). Frozen on each order at placement.
   */
  @column()
  declare commissionRate: number | null

  /** The Stripe Connect account its `stripe` payouts are transferred to; set by an admin. */
  @column()
  declare stripeAccountId: string | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime

  @belongsTo(() => User, { foreignKey: 'sellerId' })
  declare seller: BelongsTo<typeof User>

  /**
   * Shops whose products may be sold right now: approved, and owned by an active SELLER account.
   * Deactivating or demoting the owner takes every product off sale at once without touching the
   * shop's status, and re-activating or promoting them back restores it.
   */
  static selling = scope((query: ShopQuery) => {
    query
      .where('shops.status', ShopStatus.APPROVED)
      .whereHas('seller', (seller) =>
        seller.where('users.is_active', true).where('users.user_type', UserType.SELLER)
      )
  })
}
