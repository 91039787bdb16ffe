import type { DateTime } from 'luxon'
import { column } from '@adonisjs/lucid/orm'
import { UuidModel } from '#models/uuid_model'

// PostgreSQL returns bigint columns as strings; every amount fits a double exactly.
const cents = { consume: (value: unknown) => Number(value) }

/**
 * One placement: the orders it made (one per shop) share it, with the totals the customer was
 * shown and the coupon whose use it counted. `openOrderCount` falls with each cancellation; the
 * one that brings it to zero gives the coupon use back.
 */
export default class Checkout extends UuidModel {
  @column()
  declare userId: string

  @column()
  declare couponId: string | null

  @column()
  declare couponCode: string | null

  @column()
  declare orderCount: number

  @column()
  declare openOrderCount: number

  @column(cents)
  declare subTotalCents: number

  @column(cents)
  declare shippingCostCents: number

  @column(cents)
  declare taxAmountCents: number

  @column(cents)
  declare discountAmountCents: number

  @column(cents)
  declare totalCents: number

  @column()
  declare currency: string

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime
}
