/*
| The money of an order between its seller and the marketplace (docs/api/ledger.md): the
| commission, the seller's earning and the marketplace's take frozen at placement, and how each
| refund of the order is split between them. Pure integer-cent arithmetic, no database and no
| framework, so the property tests can check every identity directly.
*/

import type { CouponFunding } from '#enums/ledger'
import { COMMISSION_RATE } from '#support/percent'

/** What an order's money depends on; amounts in integer cents. */
export interface OrderMoneyInput {
  subTotal: number
  shippingCost: number
  taxAmount: number
  /** The order's share of the coupon discount. */
  discountAmount: number
  /** subTotal + shippingCost + taxAmount − discountAmount. */
  total: number
  /** Hundredths of a percent (0 to COMMISSION_RATE.whole). */
  commissionRate: number
  fundedBy: CouponFunding
}

/** An order's money, frozen at placement. */
export interface OrderMoney {
  commissionRate: number
  commission: number
  sellerEarning: number
  /** total − sellerEarning: commission − the marketplace's discount; negative when it subsidises. */
  marketplaceTake: number
}

/** A refund's split: the marketplace's share and the seller's, adding up to the refund. */
export interface RefundSplit {
  marketplaceShare: number
  sellerShare: number
}

/**
 * `numerator ÷ denominator` (denominator > 0) rounded to the nearest integer, halves away from
 * zero, so that the rounding of a negative take mirrors a positive one. BigInt: exact however
 * large the product.
 */
export function divideHalfUp(numerator: bigint, denominator: bigint): number {
  if (denominator <= 0n) throw new RangeError('the denominator must be positive')
  const negative = numerator < 0n
  const magnitude = negative ? -numerator : numerator
  const rounded = (magnitude * 2n + denominator) / (denominator * 2n)
  return Number(negative ? -rounded : rounded)
}

/**
 * The order's money: the discount is the seller's (D_seller) when its coupon is funded by the
 * sellers, else the marketplace's; commission = rate × (subTotal − D_seller), rounded half-up;
 * sellerEarning = subTotal − D_seller + shippingCost + taxAmount − commission (the seller ships
 * and remits the tax); marketplaceTake = total − sellerEarning.
 */
export function orderMoney(input: OrderMoneyInput): OrderMoney {
  for (const name of [
    'subTotal',
    'shippingCost',
    'taxAmount',
    'discountAmount',
    'total',
  ] as const) {
    assertCents(input[name], name)
  }
  const rate = input.commissionRate
  if (!Number.isSafeInteger(rate) || rate < 0 || rate > COMMISSION_RATE.whole) {
    throw new RangeError(
      `commissionRate must be an integer from 0 to ${COMMISSION_RATE.whole}, got ${rate}`
    )
  }
  if (input.discountAmount > input.subTotal) {
    throw new RangeError('discountAmount cannot exceed subTotal')
  }
  if (
    input.total !==
    input.subTotal + input.shippingCost + input.taxAmount - input.discountAmount
  ) {
    throw new RangeError('total must be subTotal + shippingCost + taxAmount − discountAmount')
  }
  const sellerDiscount = input.fundedBy === 'SELLERS' ? input.discountAmount : 0
  const base = input.subTotal - sellerDiscount
  const commission = divideHalfUp(BigInt(base) * BigInt(rate), BigInt(COMMISSION_RATE.whole))
  const sellerEarning = base + input.shippingCost + input.taxAmount - commission
  return {
    commissionRate: rate,
    commission,
    sellerEarning,
    marketplaceTake: input.total - sellerEarning,
  }
}

/**
 * The marketplace's cumulative share of `refunded` (all the refunds of an order so far):
 * round-half-up(refunded × marketplaceTake ÷ total). A full refund gives exactly the take.
 */
export function marketplaceRefundShare(
  refunded: number,
  money: { marketplaceTake: number; total: number }
): number {
  assertCents(refunded, 'refunded')
  if (refunded > money.total) throw new RangeError('refunded cannot exceed the total')
  if (money.total === 0) return 0
  return divideHalfUp(BigInt(refunded) * BigInt(money.marketplaceTake), BigInt(money.total))
}

/**
 * The split of a refund of `amount` after `previouslyRefunded` of the order was refunded: the
 * marketplace takes the difference of its cumulative share, the seller the rest. However the
 * refunds of an order are cut, their shares add up to the shares of their sum, so a full refund
 * takes back exactly the seller's earning and the marketplace's take.
 */
export function splitRefund(
  amount: number,
  previouslyRefunded: number,
  money: { marketplaceTake: number; total: number }
): RefundSplit {
  assertCents(amount, 'amount')
  assertCents(previouslyRefunded, 'previouslyRefunded')
  const marketplaceShare =
    marketplaceRefundShare(previouslyRefunded + amount, money) -
    marketplaceRefundShare(previouslyRefunded, money)
  return { marketplaceShare, sellerShare: amount - marketplaceShare }
}

function assertCents(value: number, name: string) {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a non-negative integer number of cents, got ${value}`)
  }
}
