import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import LedgerEntry from '#models/ledger_entry'
import type { LedgerEntryType } from '#enums/ledger'
import { ledgerBalance, type LedgerBalance } from '#queries/ledger_balance'
import storeConfig from '#config/store'
import marketplaceConfig from '#config/marketplace'

/** One entry to append, in signed integer cents; the cause's id is set for its type. */
export interface LedgerEntryInput {
  shopId: string
  type: LedgerEntryType
  amountCents: number
  orderId?: string | null
  refundId?: string | null
  payoutId?: string | null
  reason?: string | null
  createdBy?: string | null
}

/**
 * The shops' append-only ledger (docs/api/ledger.md). Entries are written only here, inside the
 * caller's transaction: the one that records their cause (a capture, cash recorded, a refund's
 * success, a payout, an adjustment), so an entry exists exactly when its cause committed. Nothing
 * updates or deletes an entry; the database's triggers refuse it.
 */
export class LedgerService {
  /** Appends `entries` in one insert inside `trx`; entries of zero cents are left out. */
  async append(trx: TransactionClientContract, entries: LedgerEntryInput[]) {
    const written = entries.filter((entry) => entry.amountCents !== 0)
    if (written.length === 0) return []
    const currency = storeConfig.currency
    return LedgerEntry.createMany(
      written.map((entry) => ({
        shopId: entry.shopId,
        type: entry.type,
        amountCents: entry.amountCents,
        currency,
        orderId: entry.orderId ?? null,
        refundId: entry.refundId ?? null,
        payoutId: entry.payoutId ?? null,
        reason: entry.reason ?? null,
        createdBy: entry.createdBy ?? null,
      })),
      { client: trx }
    )
  }

  /**
   * A shop's balance as of `now`: what is available to pay out and what is still pending.
   * Inside a payout's transaction pass its client, after locking the shop's row, so that two
   * payouts of one shop read one after the other.
   */
  async balance(
    shopId: string,
    options: { client?: TransactionClientContract; now?: DateTime } = {}
  ): Promise<LedgerBalance> {
    return ledgerBalance(
      options.client ?? db.connection(),
      shopId,
      options.now ?? DateTime.now(),
      marketplaceConfig.payoutHoldDays
    )
  }
}
