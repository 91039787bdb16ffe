import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import Payment from '#models/payment'
import { PaymentSettlement } from '#services/payments/payment_settlement'
import { sqlTime } from '#support/sql_time'

/** Payments one pass looks at, at most; the next pass takes the rest. */
const PASS_SIZE = 50

/**
 * Cancels the card payments still PENDING (or FAILED and not retried) after `PAYMENT_TIMEOUT_MINUTES` (docs/api/payments.md),
 * run by the outbox worker of every instance. Each payment is cancelled by a conditional update
 * inside its own transaction, so when two instances pick the same one, one cancels it and the
 * other changes nothing; a capture that got there first wins the same way. The orders are
 * cancelled as a customer would (stock and coupon use back), and the intent is cancelled at the
 * provider through the outbox, never under the lock.
 */
@inject()
export class PaymentExpiryService {
  constructor(protected settlement: PaymentSettlement) {}

  /** Cancels the payments due now; answers how many this call cancelled. */
  async expireDue(): Promise<number> {
    const due = await Payment.query()
      .whereIn('status', ['PENDING', 'FAILED'])
      .whereNotNull('expires_at')
      .where('expires_at', '<=', sqlTime())
      .orderBy('expires_at', 'asc')
      .limit(PASS_SIZE)
    let expired = 0
    for (const payment of due) {
      const cancelled = await db.transaction((trx) =>
        this.settlement.cancelWaiting(trx, payment, { onlyIfExpired: true, cancelAtProvider: true })
      )
      if (cancelled) expired += 1
    }
    return expired
  }
}
