/*
| What a return refunds (docs/api/returns.md, "What a return refunds"). Pure integer-cent
| arithmetic, no database and no framework, so the property tests can check the law directly:
| however an order's units come back, in any number of returns and in any order, their refunds
| add up to its merchandise minus its discount plus its tax, and its shipping is refunded once,
| with the return that brings the last unit back.
|
| Each line of the order carries a share of the order's discount, split over the lines by their
| totals, and a share of its tax, split by what they cost after that discount, both by the
| largest-remainder method. A return is valued cumulatively: what the units returned so far,
| this return's included, are worth, minus what they were worth before it. A line's value for q of
| its Q units is q × unit price − ⌊share of discount × q / Q⌋ + ⌊share of tax × q / Q⌋, which for
| q = Q is the line's whole net amount: the differences telescope, so no cent is lost or doubled.
*/

import { splitByLargestRemainder } from '#services/checkout/pricing'

/** One line as it was bought: the price of a unit and how many. */
export interface BoughtLine {
  key: string
  unitPrice: number
  quantity: number
}

/** The money of one order, in integer cents. */
export interface ReturnableOrder {
  lines: BoughtLine[]
  discount: number
  tax: number
  shipping: number
}

/** The refund of one return: per line of the order (0 for a line it does not take), and shipping. */
export interface ReturnRefund {
  lines: number[]
  shipping: number
  total: number
}

/** Each line's share of the order's discount and of its tax, adding up to both exactly. */
export function lineShares(order: ReturnableOrder): { discount: number[]; tax: number[] } {
  const totals = order.lines.map((line) => lineTotal(line))
  const discount = splitOver(order.discount, order.lines, totals)
  const net = totals.map((total, index) => total - discount[index])
  const tax = splitOver(order.tax, order.lines, net)
  return { discount, tax }
}

/**
 * The refund of a return taking `taking[i]` units of line i, after earlier returns took
 * `before[i]` (only those that refunded, or will: rejected returns take nothing). Refuses counts
 * beyond what was bought.
 */
export function returnRefund(
  order: ReturnableOrder,
  before: number[],
  taking: number[]
): ReturnRefund {
  if (before.length !== order.lines.length || taking.length !== order.lines.length) {
    throw new RangeError('one count per line of the order is needed')
  }
  const shares = lineShares(order)
  const lines = order.lines.map((line, index) => {
    const from = before[index]
    const to = from + taking[index]
    assertCount(from, line.quantity, `units of ${line.key} returned before`)
    assertCount(to, line.quantity, `units of ${line.key} returned`)
    const worth = (units: number) =>
      line.unitPrice * units -
      prorate(shares.discount[index], units, line.quantity) +
      prorate(shares.tax[index], units, line.quantity)
    return worth(to) - worth(from)
  })
  const allBefore = order.lines.every((line, index) => before[index] === line.quantity)
  const allAfter = order.lines.every(
    (line, index) => before[index] + taking[index] === line.quantity
  )
  const shipping = allAfter && !allBefore ? order.shipping : 0
  return { lines, shipping, total: lines.reduce((sum, value) => sum + value, 0) + shipping }
}

/** `amount` over the lines by `weights`; by units when every weight is 0 (free lines). */
function splitOver(amount: number, lines: BoughtLine[], weights: number[]): number[] {
  const byWeight = weights.some((weight) => weight > 0)
  return splitByLargestRemainder(
    amount,
    lines.map((line, index) => ({
      key: line.key,
      weight: byWeight ? weights[index] : line.quantity,
    }))
  )
}

/** ⌊share × units / quantity⌋, exact beyond 2^53. */
function prorate(share: number, units: number, quantity: number): number {
  return Number((BigInt(share) * BigInt(units)) / BigInt(quantity))
}

function lineTotal(line: BoughtLine): number {
  if (!Number.isSafeInteger(line.quantity) || line.quantity < 1) {
    throw new RangeError(`quantity of ${line.key} must be a positive integer`)
  }
  return line.unitPrice * line.quantity
}

function assertCount(value: number, max: number, name: string) {
  if (!Number.isSafeInteger(value) || value < 0 || value > max) {
    throw new RangeError(`${name} must be a whole number from 0 to ${max}, got ${value}`)
  }
}
