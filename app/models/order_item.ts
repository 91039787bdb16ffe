import type { DateTime } from 'luxon'
import { column } from '@adonisjs/lucid/orm'
import { UuidModel } from '#models/uuid_model'
import { centsColumn } from '#models/column_types'
import { optionValuesColumn, type OptionValues } from '#models/product_variant'

/** One line of an order, with the product's name and its variant's options, SKU and price as they were at placement. */
export default class OrderItem extends UuidModel {
  @column()
  declare orderId: string

  @column()
  declare position: number

  @column()
  declare productId: string

  @column()
  declare variantId: string

  /** The variant's options when ordered; `{}` for a product without options. */
  @column(optionValuesColumn)
  declare optionValues: OptionValues

  @column()
  declare name: string

  @column()
  declare sku: string

  @column()
  declare unitPriceCents: number

  @column()
  declare quantity: number

  @column(centsColumn)
  declare lineTotalCents: number

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime
}
