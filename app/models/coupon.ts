import type { DateTime } from 'luxon'
import { column } from '@adonisjs/lucid/orm'
import { compose } from '@adonisjs/core/helpers'
import { UuidModel } from '#models/uuid_model'
import { SoftDeletes } from '#models/mixins/soft_deletes'
import { booleanColumn } from '#models/column_types'
import type { CouponFunding } from '#enums/ledger'

/**
 * A discount code. Amounts are integer cents; a PERCENTAGE `discountValue` is in hundredths of a
 * percent. Deleting sets `deletedAt`, so orders placed with the coupon keep a row to point at.
 */
export default class Coupon extends compose(UuidModel, SoftDeletes) {
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

  /** Who bears the discount: the marketplace, or each shop its own share (docs/api/ledger.md). */
  @column()
  declare fundedBy: CouponFunding

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime
}
