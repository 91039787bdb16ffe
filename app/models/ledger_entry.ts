import type { DateTime } from 'luxon'
import { column } from '@adonisjs/lucid/orm'
import { UuidModel } from '#models/uuid_model'
import { centsColumn } from '#models/column_types'
import type { LedgerEntryType } from '#enums/ledger'

/**
 * One entry of a shop's ledger, in signed integer cents (docs/api/ledger.md). Written once by
 * `LedgerService.append` and never changed: the database refuses UPDATE and DELETE on the table.
 */
export default class LedgerEntry extends UuidModel {
  @column()
  declare shopId: string

  @column()
  declare type: LedgerEntryType

  /** Signed: what the entry adds to (or takes from) the shop's balance. */
  @column(centsColumn)
  declare amountCents: number

  @column()
  declare currency: string

  @column()
  declare orderId: string | null

  @column()
  declare refundId: string | null

  @column()
  declare payoutId: string | null

  @column()
  declare reason: string | null

  @column()
  declare createdBy: string | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime
}
