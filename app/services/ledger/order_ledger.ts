import { inject } from '@adonisjs/core'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type Order from '#models/order'
import { LedgerService } from '#services/ledger/ledger_service'
import { splitRefund } from '#services/ledger/commission'

/** The fields of an order its ledger entries are computed from. */
type OrderMoneyFields = Pick<
  Order,
  'id' | 'shopId' | 'totalCents' | 'sellerEarningCents' | 'marketplaceTakeCents'
>

/**
 * The ledger entries an order's money causes (docs/api/ledger.md), each appended through
 * `LedgerService.append` inside the transaction that records its cause, which holds the order's
 * row (locked, or just updated): the earning when the order is paid, the cash its seller
 * collected on delivery, the seller's share of each refund that succeeded.
 */
@inject()
export class OrderLedger {
  constructor(protected ledger: LedgerService) {}

  /** The orders were paid: each earns its seller `sellerEarning`. */
  async earned(trx: TransactionClientContract, orders: OrderMoneyFields[]) {
    await this.ledger.append(
      trx,
      orders.map((order) => ({
        shopId: order.shopId,
        type: 'ORDER_EARNING' as const,
        amountCents: order.sellerEarningCents,
        orderId: order.id,
      }))
    )
  }

  /**
   * The seller collected the order's total in cash on delivery: the seller holds the customer's
   * money, so the ledger takes the total back (the earning and the cash net to −marketplaceTake).
   */
  async cashCollected(trx: TransactionClientContract, order: OrderMoneyFields, by: string | null) {
    await this.ledger.append(trx, [
      {
        shopId: order.shopId,
        type: 'CASH_COLLECTED',
        amountCents: -order.totalCents,
        orderId: order.id,
        createdBy: by,
      },
    ])
  }

  /**
   * `amount` of the order was refunded for good (a refund that succeeded, or one made at the
   * provider outside the service, `refundId` null): the seller's share of it leaves the ledger.
   * The order's refunds settled so far are its refunded amount less the refunds still waiting
   * for their provider, read in `trx` after this one was counted; the split takes the
   * difference of the cumulative shares (`splitRefund`). An order paid before the ledger
   * existed has no earning in it, so its refunds write nothing either.
   */
  async refunded(
    trx: TransactionClientContract,
    order: OrderMoneyFields,
    refund: { id: string | null; amountCents: number; createdBy?: string | null }
  ) {
    const earning = await trx
      .from('ledger_entries')
      .where('order_id', order.id)
      .where('type', 'ORDER_EARNING')
      .select('id')
      .first()
    if (!earning) return
    const [row] = await trx
      .from('orders')
      .where('orders.id', order.id)
      .select(
        'orders.refunded_amount_cents as refunded',
        trx
          .from('refunds')
          .where('refunds.order_id', order.id)
          .where('refunds.status', 'PENDING')
          .sum('refunds.amount_cents')
          .as('waiting')
      )
    const settled = Number(row.refunded) - Number(row.waiting ?? 0)
    const split = splitRefund(refund.amountCents, settled - refund.amountCents, {
      marketplaceTake: order.marketplaceTakeCents,
      total: order.totalCents,
    })
    await this.ledger.append(trx, [
      {
        shopId: order.shopId,
        type: 'REFUND',
        amountCents: -split.sellerShare,
        orderId: order.id,
        refundId: refund.id,
        createdBy: refund.createdBy ?? null,
      },
    ])
  }
}
