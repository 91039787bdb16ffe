/*
| The one price calculation of checkout: cart lines grouped by shop, the shipping price, the tax
| rate and the coupon discount go in; one priced order per shop and their totals come out. Pure
| integer-cent arithmetic, no database and no framework, so the summary and place-order cannot
| disagree and the property tests can check every rule directly.
*/

import { TAX_RATE } from '#support/percent'

/** One cart line: a unit price in cents and a quantity. */
export interface PricingLine {
  unitPrice: number
  quantity: number
}

/** The lines one shop ships, in the order its order should list them. */
export interface PricingShop {
  shopId: string
  lines: PricingLine[]
}

/** Everything a price depends on; amounts in integer cents. */
export interface PricingInput {
  shops: PricingShop[]
  /** Price of the chosen shipping method, charged once per shop order. */
  shippingPrice: number
  /** Tax rate in thousandths of a percent (0 to TAX_RATE.whole). */
  taxRate: number
  /**
   * The coupon discount on the whole cart's merchandise subtotal, as the coupon rules computed
   * it. A discount above the subtotal is reduced to it: nothing is ever paid out.
   */
  discount: number
}

/** The money of one order or of the whole checkout, in cents. */
export interface PricedAmounts {
  subTotal: number
  shippingCost: number
  taxAmount: number
  discountAmount: number
  total: number
  itemCount: number
}

/** One shop's order. */
export interface PricedOrder extends PricedAmounts {
  shopId: string
}

/** The priced checkout: its totals are the sums of its orders, field by field. */
export interface Pricing extends PricedAmounts {
  orders: PricedOrder[]
}

/**
 * Prices a checkout. Per shop order: subtotal = Σ unit price × quantity; its share of the
 * discount by the largest-remainder method (ties to the smaller shopId), so the shares add up to
 * the discount exactly and never exceed the shop's subtotal; tax = rate × (subtotal − share),
 * rounded half-up; shipping is not taxed; total = subtotal + shipping + tax − share. The
 * checkout's amounts are the sums of its orders'.
 */
export function priceCheckout(input: PricingInput): Pricing {
  assertCents(input.shippingPrice, 'shippingPrice')
  assertCents(input.discount, 'discount')
  if (!Number.isSafeInteger(input.taxRate) || input.taxRate < 0 || input.taxRate > TAX_RATE.whole) {
    throw new RangeError(
      `taxRate must be an integer from 0 to ${TAX_RATE.whole}, got ${input.taxRate}`
    )
  }
  const seen = new Set<string>()
  for (const shop of input.shops) {
    if (seen.has(shop.shopId)) throw new RangeError(`shop ${shop.shopId} appears twice`)
    seen.add(shop.shopId)
  }

  const subTotals = input.shops.map((shop) => shopSubTotal(shop))
  const subTotal = sum(subTotals)
  assertCents(subTotal, 'subTotal')
  const discount = Math.min(input.discount, subTotal)
  const shares = splitByLargestRemainder(
    discount,
    input.shops.map((shop, index) => ({ key: shop.shopId, weight: subTotals[index] }))
  )

  const orders = input.shops.map((shop, index): PricedOrder => {
    const shopSub = subTotals[index]
    const share = shares[index]
    const taxAmount = percentOf(shopSub - share, input.taxRate)
    return {
      shopId: shop.shopId,
      subTotal: shopSub,
      shippingCost: input.shippingPrice,
      taxAmount,
      discountAmount: share,
      total: shopSub + input.shippingPrice + taxAmount - share,
      itemCount: sum(shop.lines.map((line) => line.quantity)),
    }
  })

  return {
    orders,
    subTotal,
    shippingCost: sum(orders.map((order) => order.shippingCost)),
    taxAmount: sum(orders.map((order) => order.taxAmount)),
    discountAmount: sum(orders.map((order) => order.discountAmount)),
    total: sum(orders.map((order) => order.total)),
    itemCount: sum(orders.map((order) => order.itemCount)),
  }
}

/**
 * The merchandise subtotal of the whole cart (Σ unit price × quantity), before shipping, tax and
 * discount: what a coupon's minimum and percentage apply to.
 */
export function merchandiseSubTotal(shops: PricingShop[]): number {
  return sum(shops.map((shop) => shopSubTotal(shop)))
}

/**
 * Splits `amount` into integer parts proportional to the weights, adding up to `amount` exactly:
 * every part gets the floor of its exact share, and the cents left over go one each to the parts
 * with the largest remainders, ties to the smaller key. With `amount` ≤ Σ weights, no part
 * exceeds its weight. BigInt keeps amount × weight exact beyond 2^53.
 */
export function splitByLargestRemainder(
  amount: number,
  parts: Array<{ key: string; weight: number }>
): number[] {
  assertCents(amount, 'amount')
  for (const part of parts) assertCents(part.weight, `weight of ${part.key}`)
  const total = BigInt(sum(parts.map((part) => part.weight)))
  if (amount === 0) return parts.map(() => 0)
  if (total === 0n) throw new RangeError('cannot split a non-zero amount over zero weights')

  const exact = parts.map((part) => BigInt(amount) * BigInt(part.weight))
  const shares = exact.map((value) => Number(value / total))
  let left = amount - sum(shares)

  const byRemainder = parts
    .map((part, index) => ({ index, key: part.key, remainder: exact[index] % total }))
    .sort((a, b) => {
      if (a.remainder !== b.remainder) return a.remainder > b.remainder ? -1 : 1
      return a.key < b.key ? -1 : a.key > b.key ? 1 : 0
    })
  for (const entry of byRemainder) {
    if (left === 0) break
    shares[entry.index] += 1
    left -= 1
  }
  return shares
}

/** `amount` × `rate` (thousandths of a percent), rounded half-up to the cent. */
export function percentOf(amount: number, rate: number): number {
  assertCents(amount, 'amount')
  const scale = BigInt(TAX_RATE.whole)
  return Number((BigInt(amount) * BigInt(rate) + scale / 2n) / scale)
}

function shopSubTotal(shop: PricingShop): number {
  const subTotal = sum(
    shop.lines.map((line) => {
      assertCents(line.unitPrice, 'unitPrice')
      if (!Number.isSafeInteger(line.quantity) || line.quantity < 1) {
        throw new RangeError(`quantity must be a positive integer, got ${line.quantity}`)
      }
      return line.unitPrice * line.quantity
    })
  )
  assertCents(subTotal, `subtotal of shop ${shop.shopId}`)
  return subTotal
}

function sum(values: number[]): number {
  return values.reduce((total, value) => total + value, 0)
}

function assertCents(value: number, name: string) {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a non-negative integer number of cents, got ${value}`)
  }
}
