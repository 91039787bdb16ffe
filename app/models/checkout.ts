import type { DateTime } from 'luxon'
import { column } from '@adonisjs/lucid/orm'
import { compose } from '@adonisjs/core/helpers'
import { UuidModel } from '#models/uuid_model'
import { OrderTotals } from '#models/mixins/order_totals'

/**
 * One placement: the orders it made (one per shop) share it, with the totals the customer was
 * shown and the coupon whose use it counted. `openOrderCount` falls with each cancellation; the
 * one that brings it to zero gives the coupon use back.
 */
export default class Checkout extends compose(UuidModel, OrderTotals) {
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

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime
}
