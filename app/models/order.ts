import type { DateTime } from 'luxon'
import { belongsTo, column, hasMany } from '@adonisjs/lucid/orm'
import type { BelongsTo, HasMany } from '@adonisjs/lucid/types/relations'
import { compose } from '@adonisjs/core/helpers'
import { UuidModel } from '#models/uuid_model'
import { OrderTotals } from '#models/mixins/order_totals'
import { centsColumn } from '#models/column_types'
import OrderItem from '#models/order_item'
import OrderStatusHistory from '#models/order_status_history'
import Shop from '#models/shop'
import User from '#models/user'
import type { OrderStatus, PaymentMethod, PaymentStatus } from '#enums/order_status'
import type { CouponFunding } from '#enums/ledger'

/** The copy of the delivery address an order keeps. */
export interface AddressSnapshot {
  fullName: string
  phone: string
  line1: string
  line2: string | null
  city: string
  state: string | null
  postalCode: string | null
  country: string
}

/** One shop's part of a placement. Money in integer cents; names and prices copied at placement. */
export default class Order extends compose(UuidModel, OrderTotals) {
  @column()
  declare orderNumber: string

  @column()
  declare checkoutId: string

  @column()
  declare position: number

  @column()
  declare userId: string

  @column()
  declare shopId: string

  @column()
  declare shopName: string

  @column()
  declare status: OrderStatus

  @column()
  declare paymentStatus: PaymentStatus

  @column()
  declare paymentMethod: PaymentMethod

  /** What was received for this order: its `total` once paid, 0 before. */
  @column(centsColumn)
  declare paidAmountCents: number

  /** What was given back of `paidAmountCents`. */
  @column(centsColumn)
  declare refundedAmountCents: number

  /** The commission rate in force at placement, in hundredths of a percent; never changed. */
  @column()
  declare commissionRate: number

  /** Who bore the order's discount, as its coupon said at placement. */
  @column()
  declare couponFundedBy: CouponFunding

  /** The order's money frozen at placement (docs/api/ledger.md), in integer cents. */
  @column(centsColumn)
  declare commissionCents: number

  @column(centsColumn)
  declare sellerEarningCents: number

  /** totalCents − sellerEarningCents: negative when the marketplace subsidises the order. */
  @column(centsColumn)
  declare marketplaceTakeCents: number

  @column()
  declare shippingMethodId: string

  @column()
  declare shippingMethodName: string

  @column()
  declare couponCode: string | null

  @column({
    prepare: (value: AddressSnapshot) => JSON.stringify(value),
    consume: (value: string) => JSON.parse(value),
  })
  declare shippingAddress: AddressSnapshot

  @column()
  declare notes: string | null

  /** The shipment the seller recorded on the move to SHIPPED (docs/api/returns.md). */
  @column()
  declare shipmentCarrier: string | null

  @column()
  declare shipmentTrackingNumber: string | null

  @column()
  declare shipmentTrackingUrl: string | null

  /** When the order became SHIPPED; null before. */
  @column.dateTime()
  declare shippedAt: DateTime | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime

  /** The customer who placed the order. */
  @belongsTo(() => User)
  declare user: BelongsTo<typeof User>

  /** The shop that ships it; `shopName` keeps the name it had at placement. */
  @belongsTo(() => Shop)
  declare shop: BelongsTo<typeof Shop>

  @hasMany(() => OrderItem)
  declare items: HasMany<typeof OrderItem>

  @hasMany(() => OrderStatusHistory)
  declare statusHistory: HasMany<typeof OrderStatusHistory>
}
