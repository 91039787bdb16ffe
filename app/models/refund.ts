import type { DateTime } from 'luxon'
import { column } from '@adonisjs/lucid/orm'
import { UuidModel } from '#models/uuid_model'
import { centsColumn } from '#models/column_types'
import type { PaymentProviderName, RefundStatus } from '#enums/payment'

/**
 * One refund of an order, in integer cents: an append-only ledger row whose only change is its
 * status, once, from PENDING (docs/api/payments.md, "Refunds").
 */
export default class Refund extends UuidModel {
  @column()
  declare orderId: string

  /** 1 for the order's first refund, then one more each. */
  @column()
  declare position: number

  @column()
  declare paymentId: string | null

  @column(centsColumn)
  declare amountCents: number

  @column()
  declare reason: string

  @column()
  declare status: RefundStatus

  @column()
  declare provider: PaymentProviderName

  @column()
  declare providerRefundId: string | null

  @column()
  declare createdBy: string | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime
}
