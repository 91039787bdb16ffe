import type { DateTime } from 'luxon'
import { column } from '@adonisjs/lucid/orm'
import { UuidModel } from '#models/uuid_model'
import { centsColumn } from '#models/column_types'
import type { PaymentMethod } from '#enums/order_status'
import type { PaymentProviderName, PaymentRecordStatus } from '#enums/payment'

/**
 * The payment of one checkout: what was asked for, captured and refunded, in integer cents.
 * `providerPaymentId` and `clientSecret` belong to the provider's attempt in progress (a
 * PaymentIntent); `expiresAt` is when a card payment still PENDING is cancelled.
 */
export default class Payment extends UuidModel {
  @column()
  declare checkoutId: string

  @column()
  declare userId: string

  @column()
  declare provider: PaymentProviderName

  @column()
  declare method: PaymentMethod

  @column()
  declare status: PaymentRecordStatus

  @column(centsColumn)
  declare amountCents: number

  @column(centsColumn)
  declare capturedAmountCents: number

  @column(centsColumn)
  declare refundedAmountCents: number

  @column()
  declare currency: string

  @column()
  declare providerPaymentId: string | null

  @column({ serializeAs: null })
  declare clientSecret: string | null

  @column()
  declare attempt: number

  @column.dateTime()
  declare expiresAt: DateTime | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime
}
