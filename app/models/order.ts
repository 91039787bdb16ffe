import type { DateTime } from 'luxon'
import { column, hasMany } from '@adonisjs/lucid/orm'
import type { HasMany } from '@adonisjs/lucid/types/relations'
import { UuidModel } from '#models/uuid_model'
import OrderItem from '#models/order_item'
import OrderStatusHistory from '#models/order_status_history'

/** Life-cycle of an order: PENDING → CONFIRMED → SHIPPED → DELIVERED; PENDING or CONFIRMED → CANCELLED. */
export const ORDER_STATUSES = ['PENDING', 'CONFIRMED', 'SHIPPED', 'DELIVERED', 'CANCELLED'] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]

/** Payment: UNPAID → PAID → REFUNDED, recorded by the shop's seller or an admin. */
export const PAYMENT_STATUSES = ['UNPAID', 'PAID', 'REFUNDED'] as const
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number]

/** How the customer means to pay; no gateway is called. */
export const PAYMENT_METHODS = [
  'CREDIT_CARD',
  'DEBIT_CARD',
  'PAYPAL',
  'BANK_TRANSFER',
  'CASH_ON_DELIVERY',
] as const
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]

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

// PostgreSQL returns bigint columns as strings; every amount fits a double exactly.
const cents = { consume: (value: unknown) => Number(value) }

/** One shop's part of a placement. Money in integer cents; names and prices copied at placement. */
export default class Order extends UuidModel {
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

  @column()
  declare shippingMethodId: string

  @column()
  declare shippingMethodName: string

  @column()
  declare couponCode: string | null

  @column()
  declare currency: string

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

  @column({
    prepare: (value: AddressSnapshot) => JSON.stringify(value),
    consume: (value: string) => JSON.parse(value),
  })
  declare shippingAddress: AddressSnapshot

  @column()
  declare notes: string | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime

  @hasMany(() => OrderItem)
  declare items: HasMany<typeof OrderItem>

  @hasMany(() => OrderStatusHistory)
  declare statusHistory: HasMany<typeof OrderStatusHistory>
}
