import type { ApiClient } from '@japa/api-client'
import db from '@adonisjs/lucid/services/db'
import { UserType } from '#enums/user_type'
import { actor } from '#tests/helpers/actors'
import { marketplaceRefundShare } from '#services/ledger/commission'

/** Records the money of `orderId` received by hand, as an admin does. */
export async function markPaid(client: ApiClient, orderId: string) {
  const admin = await actor(UserType.ADMIN)
  const response = await client
    .put(`/api/v1/admin/orders/${orderId}/payment-status`)
    .header('Authorization', admin.authorization)
    .json({ paymentStatus: 'PAID' })
  response.assertStatus(200)
  return response
}

/** Refunds `cents` of `orderId` as an admin. */
export async function refund(client: ApiClient, orderId: string, cents: number) {
  const admin = await actor(UserType.ADMIN)
  const response = await client
    .post(`/api/v1/admin/orders/${orderId}/refunds`)
    .header('Authorization', admin.authorization)
    .json({ amount: cents / 100, reason: 'Refund in a test' })
  response.assertStatus(201)
  return response
}

/** The entries of a shop, oldest first, as [type, cents, orderId]. */
export async function entriesOf(shopId: string) {
  const rows = await db
    .from('ledger_entries')
    .where('shop_id', shopId)
    .orderBy('created_at')
    .orderBy('type')
  return rows.map((row) => ({
    type: row.type as string,
    cents: Number(row.amount_cents),
    orderId: row.order_id as string | null,
    refundId: row.refund_id as string | null,
  }))
}

/** The order row's money columns, in cents. */
export async function orderMoneyRow(orderId: string) {
  const row = await db.from('orders').where('id', orderId).firstOrFail()
  return {
    commissionRate: Number(row.commission_rate),
    couponFundedBy: row.coupon_funded_by as string,
    commission: Number(row.commission_cents),
    sellerEarning: Number(row.seller_earning_cents),
    marketplaceTake: Number(row.marketplace_take_cents),
    total: Number(row.total_cents),
    paid: Number(row.paid_amount_cents),
    refunded: Number(row.refunded_amount_cents),
  }
}

/**
 * The identity of docs/api/ledger.md for one order, to the cent: paid − refunded = Σ its entries
 * + (marketplaceTake − the marketplace's refund shares), the shares by the model's own rule
 * (round-half-up of refunded × take ÷ total) and the cash its seller collected on delivery left
 * out of both sides (that money never reached the marketplace). Answers both sides and the parts.
 */
export async function orderIdentity(orderId: string) {
  const money = await orderMoneyRow(orderId)
  const rows = await db.from('ledger_entries').where('order_id', orderId)
  const sum = (type: string) =>
    rows.filter((row) => row.type === type).reduce((s, row) => s + Number(row.amount_cents), 0)
  const waiting = await db
    .from('refunds')
    .where('order_id', orderId)
    .where('status', 'PENDING')
    .sum('amount_cents as total')
    .first()
  const settled = money.refunded - Number(waiting?.total ?? 0)
  const marketplaceShares = marketplaceRefundShare(settled, money)
  const cash = -sum('CASH_COLLECTED')
  const entries = sum('ORDER_EARNING') + sum('REFUND') - cash
  return {
    left: money.paid - settled - cash,
    right: entries + (money.marketplaceTake - marketplaceShares),
    entries,
    sellerLeft: sum('ORDER_EARNING') + sum('REFUND'),
    marketplaceLeft: money.marketplaceTake - marketplaceShares,
    money,
  }
}
