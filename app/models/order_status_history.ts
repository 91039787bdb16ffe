import type { DateTime } from 'luxon'
import { belongsTo, column } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import { UuidModel } from '#models/uuid_model'
import User from '#models/user'
import type { UserType } from '#enums/user_type'

/**
 * Which state machine of an order a history entry is about: its status, its payment status, or
 * one of its returns (docs/api/returns.md).
 */
export type OrderStateField = 'STATUS' | 'PAYMENT_STATUS' | 'RETURN'

/** One change of an order's status or payment status: from, to, who and when. */
export default class OrderStatusHistory extends UuidModel {
  static table = 'order_status_history'

  @column()
  declare orderId: string

  /** 1 for the entry written at placement, then one more per change. */
  @column()
  declare sequence: number

  @column()
  declare field: OrderStateField

  /** Null for the entry written when the order was placed. */
  @column()
  declare fromValue: string | null

  @column()
  declare toValue: string

  /** Null once the acting account no longer exists. */
  @column()
  declare actorId: string | null

  @column()
  declare actorType: UserType | 'SYSTEM'

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  /** The account that made the change; absent once that account is gone. */
  @belongsTo(() => User, { foreignKey: 'actorId' })
  declare actor: BelongsTo<typeof User>
}
