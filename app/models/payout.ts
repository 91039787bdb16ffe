import type { DateTime } from 'luxon'
import { column } from '@adonisjs/lucid/orm'
import { UuidModel } from '#models/uuid_model'
import { centsColumn } from '#models/column_types'
import type { PayoutProviderName, PayoutStatus } from '#enums/ledger'

/**
 * A payment to a seller of the balance available when it was made, in integer cents
 * (docs/api/ledger.md): its PAYOUT ledger entry is written in the same transaction.
 */
export default class Payout extends UuidModel {
  @column()
  declare shopId: string

  @column(centsColumn)
  declare amountCents: number

  @column()
  declare currency: string

  @column()
  declare status: PayoutStatus

  @column()
  declare provider: PayoutProviderName

  /** The bank's reference of a manual payout, the transfer's id of a Stripe one. */
  @column()
  declare reference: string | null

  @column()
  declare failureReason: string | null

  @column()
  declare createdBy: string | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime

  @column.dateTime()
  declare paidAt: DateTime | null
}
