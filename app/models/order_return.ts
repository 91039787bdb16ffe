import type { DateTime } from 'luxon'
import { belongsTo, column, hasMany } from '@adonisjs/lucid/orm'
import type { BelongsTo, HasMany } from '@adonisjs/lucid/types/relations'
import { UuidModel } from '#models/uuid_model'
import { centsColumn } from '#models/column_types'
import Order from '#models/order'
import OrderReturnItem from '#models/order_return_item'
import type { ReturnStatus } from '#enums/return_status'

/** A customer's return of units of a delivered order (docs/api/returns.md). */
export default class OrderReturn extends UuidModel {
  static table = 'returns'

  @column()
  declare orderId: string

  @column()
  declare shopId: string

  @column()
  declare userId: string

  @column()
  declare status: ReturnStatus

  @column()
  declare reason: string

  /** Why the seller rejected it, when they said. */
  @column()
  declare decisionNote: string | null

  /** Its lines' refunds plus `shippingRefundCents`; fixed when the units are received. */
  @column(centsColumn)
  declare refundAmountCents: number

  @column(centsColumn)
  declare shippingRefundCents: number

  /** Whether the units went back in stock; null until received. */
  @column({ consume: (value) => (value === null ? null : Boolean(value)) })
  declare restocked: boolean | null

  @column()
  declare refundId: string | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime

  @belongsTo(() => Order)
  declare order: BelongsTo<typeof Order>

  @hasMany(() => OrderReturnItem, { foreignKey: 'returnId' })
  declare items: HasMany<typeof OrderReturnItem>
}
