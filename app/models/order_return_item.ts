import { column } from '@adonisjs/lucid/orm'
import { UuidModel } from '#models/uuid_model'
import { centsColumn } from '#models/column_types'

/** Units of one order line that a return takes, and what they refund. */
export default class OrderReturnItem extends UuidModel {
  static table = 'return_items'

  @column()
  declare returnId: string

  @column()
  declare orderItemId: string

  @column()
  declare position: number

  @column()
  declare productId: string

  @column()
  declare name: string

  @column()
  declare quantity: number

  @column(centsColumn)
  declare refundAmountCents: number
}
