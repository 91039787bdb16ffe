import type { DateTime } from 'luxon'
import { column, scope } from '@adonisjs/lucid/orm'
import { UuidModel } from '#models/uuid_model'
import { booleanColumn } from '#models/column_types'

/**
 * A discount code. Amounts are integer cents; a PERCENTAGE `discountValue` is in hundredths of a
 * percent. Deleting sets `deletedAt`, so orders placed with the coupon keep a row to point at.
 */
export default class Coupon extends UuidModel {
  /** Coupons that have not been deleted: the only ones lists, lookups and checkout see. */
  static notDeleted = scope((query) => {
    query.whereNull('coupons.deleted_at')
  })

  /** Stored upper-case; lookups upper-case their input. */
  @column()
  declare code: string

  @column()
  declare discountType: 'FIXED' | 'PERCENTAGE'

  @column()
  declare discountValue: number

  @column()
  declare minOrderAmount: number

  @column()
  declare maxDiscountAmount: number | null

  @column.dateTime()
  declare startDate: DateTime

  @column.dateTime()
  declare endDate: DateTime

  @column()
  declare usageLimit: number | null

  /** Changed only by the conditional updates of the coupon usage service. */
  @column()
  declare usageCount: number

  @column(booleanColumn)
  declare isActive: boolean

  @column.dateTime()
  declare deletedAt: DateTime | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime
}
