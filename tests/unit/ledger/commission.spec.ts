/*
| The order's money and the refund split (docs/api/ledger.md): worked examples, the refusals, and
| properties over random orders, coupon fundings, rates and sequences of partial refunds and
| adjustments, checking every identity of the model to the cent.
*/
import { test } from '@japa/runner'
import fc from 'fast-check'
import {
  divideHalfUp,
  marketplaceRefundShare,
  orderMoney,
  splitRefund,
  type OrderMoneyInput,
} from '#services/ledger/commission'
import { priceCheckout } from '#services/checkout/pricing'
import { COMMISSION_RATE } from '#support/percent'
import { COUPON_FUNDINGS } from '#enums/ledger'

/** An order of `subTotal` with `terms`, its total computed as pricing computes it. */
function order(subTotal: number, terms: Partial<OrderMoneyInput> = {}): OrderMoneyInput {
  const input = {
    subTotal,
    shippingCost: 0,
    taxAmount: 0,
    discountAmount: 0,
    commissionRate: 1000,
    fundedBy: 'MARKETPLACE' as const,
    ...terms,
  }
  return {
    ...input,
    total: input.subTotal + input.shippingCost + input.taxAmount - input.discountAmount,
  }
}

/** A priced order, as checkout prices one shop's part of a cart with a discount and tax. */
const pricedOrder: fc.Arbitrary<OrderMoneyInput> = fc
  .record({
    lines: fc.array(
      fc.record({
        unitPrice: fc.integer({ min: 1, max: 10_000_000 }),
        quantity: fc.integer({ min: 1, max: 999 }),
      }),
      { minLength: 1, maxLength: 4 }
    ),
    other: fc.integer({ min: 0, max: 10_000_000 }),
    shippingPrice: fc.integer({ min: 0, max: 100_000 }),
    taxRate: fc.integer({ min: 0, max: 30_000 }),
    discount: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 20_000_000 })),
    commissionRate: fc.oneof(
      fc.constantFrom(0, 1000, COMMISSION_RATE.whole),
      fc.integer({ min: 0, max: COMMISSION_RATE.whole })
    ),
    fundedBy: fc.constantFrom(...COUPON_FUNDINGS),
  })
  .map(({ lines, other, shippingPrice, taxRate, discount, commissionRate, fundedBy }) => {
    const shops = [{ shopId: 'a', lines }]
    if (other > 0) shops.push({ shopId: 'b', lines: [{ unitPrice: other, quantity: 1 }] })
    const [priced] = priceCheckout({ shops, shippingPrice, taxRate, discount }).orders
    return {
      subTotal: priced.subTotal,
      shippingCost: priced.shippingCost,
      taxAmount: priced.taxAmount,
      discountAmount: priced.discountAmount,
      total: priced.total,
      commissionRate,
      fundedBy,
    }
  })

/** Cuts `amount` into 1 to `parts` positive refunds at random points. */
const refundsOf = (amount: number, parts: number) =>
  fc
    .uniqueArray(fc.integer({ min: 1, max: Math.max(1, amount - 1) }), {
      maxLength: Math.min(parts - 1, Math.max(0, amount - 1)),
    })
    .map((cuts) => {
      const points = [0, ...cuts.filter((cut) => cut < amount).sort((a, b) => a - b), amount]
      return points.slice(1).map((point, index) => point - points[index])
    })

test.group('orderMoney: worked examples', () => {
  test('10 % of an order without discount', ({ assert }) => {
    // 100.00 + 5.00 shipping + 8.00 tax: commission 10.00, the seller keeps the rest.
    assert.deepEqual(orderMoney(order(10_000, { shippingCost: 500, taxAmount: 800 })), {
      commissionRate: 1000,
      commission: 1000,
      sellerEarning: 10_300,
      marketplaceTake: 1000,
    })
  })

  test('a marketplace-funded discount comes out of the take, even below zero', ({ assert }) => {
    const money = orderMoney(order(10_000, { discountAmount: 1500 }))
    assert.deepEqual(money, {
      commissionRate: 1000,
      commission: 1000,
      sellerEarning: 9000,
      marketplaceTake: -500,
    })
  })

  test('a seller-funded discount lowers the commission base and the earning', ({ assert }) => {
    const money = orderMoney(order(10_000, { discountAmount: 1500, fundedBy: 'SELLERS' }))
    assert.deepEqual(money, {
      commissionRate: 1000,
      commission: 850,
      sellerEarning: 7650,
      marketplaceTake: 850,
    })
  })

  test('the commission is rounded half-up once', ({ assert }) => {
    // 12.5 % of 0.05 = 0.625 cent → 1; of 0.04 = 0.5 cent → 1; of 0.03 = 0.375 → 0.
    assert.equal(orderMoney(order(5, { commissionRate: 1250 })).commission, 1)
    assert.equal(orderMoney(order(4, { commissionRate: 1250 })).commission, 1)
    assert.equal(orderMoney(order(3, { commissionRate: 1250 })).commission, 0)
    // 33.33 % of 10.01 = 333.6333 cents → 334.
    assert.equal(orderMoney(order(1001, { commissionRate: 3333 })).commission, 334)
  })

  test('rates of 0 and 100 %', ({ assert }) => {
    assert.deepEqual(orderMoney(order(999, { commissionRate: 0, taxAmount: 10 })), {
      commissionRate: 0,
      commission: 0,
      sellerEarning: 1009,
      marketplaceTake: 0,
    })
    assert.deepEqual(
      orderMoney(order(999, { commissionRate: COMMISSION_RATE.whole, shippingCost: 1 })),
      { commissionRate: 10_000, commission: 999, sellerEarning: 1, marketplaceTake: 999 }
    )
  })

  test('refuses inputs no order has', ({ assert }) => {
    assert.throws(() => orderMoney(order(100, { commissionRate: -1 })), /commissionRate/)
    assert.throws(() => orderMoney(order(100, { commissionRate: 10_001 })), /commissionRate/)
    assert.throws(() => orderMoney(order(100, { commissionRate: 10.5 })), /commissionRate/)
    assert.throws(
      () => orderMoney(order(100, { shippingCost: 10, discountAmount: 101 })),
      /discountAmount/
    )
    assert.throws(() => orderMoney({ ...order(100), total: 99 }), /total/)
    assert.throws(() => orderMoney(order(-1)), /subTotal/)
    assert.throws(() => orderMoney(order(1.5)), /subTotal/)
    assert.throws(() => orderMoney(order(100, { shippingCost: -1 })), /shippingCost/)
    assert.throws(() => orderMoney(order(100, { taxAmount: -1 })), /taxAmount/)
    assert.throws(() => orderMoney(order(100, { discountAmount: -1 })), /discountAmount/)
  })
})

test.group('The worked example of docs/api/ledger.md', () => {
  test('one order from placement to payout, every figure', ({ assert }) => {
    const [priced] = priceCheckout({
      shops: [{ shopId: 'a', lines: [{ unitPrice: 4000, quantity: 2 }] }],
      shippingPrice: 500,
      taxRate: 8250,
      discount: 1000,
    }).orders
    assert.deepInclude(priced, {
      subTotal: 8000,
      taxAmount: 578,
      discountAmount: 1000,
      total: 8078,
    })
    const money = orderMoney({ ...priced, commissionRate: 1250, fundedBy: 'SELLERS' })
    assert.deepEqual(money, {
      commissionRate: 1250,
      commission: 875,
      sellerEarning: 7203,
      marketplaceTake: 875,
    })
    const first = splitRefund(2000, 0, { ...money, total: 8078 })
    assert.deepEqual(first, { marketplaceShare: 217, sellerShare: 1783 })
    assert.equal(7203 - first.sellerShare, 5420)
    const rest = splitRefund(6078, 2000, { ...money, total: 8078 })
    assert.deepEqual(rest, { marketplaceShare: 658, sellerShare: 5420 })
  })
})

test.group('divideHalfUp', () => {
  test('halves go away from zero; the rest to the nearest', ({ assert }) => {
    assert.equal(divideHalfUp(5n, 2n), 3)
    assert.equal(divideHalfUp(-5n, 2n), -3)
    assert.equal(divideHalfUp(4n, 3n), 1)
    assert.equal(divideHalfUp(5n, 3n), 2)
    assert.equal(divideHalfUp(-4n, 3n), -1)
    assert.equal(divideHalfUp(-5n, 3n), -2)
    assert.equal(divideHalfUp(0n, 7n), 0)
    assert.equal(divideHalfUp(14n, 7n), 2)
    assert.throws(() => divideHalfUp(1n, 0n), /positive/)
    assert.throws(() => divideHalfUp(1n, -1n), /positive/)
  })

  test('equals Math.round on non-negative halves and mirrors it below zero', ({ assert }) => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1_000_000, max: 1_000_000 }),
        fc.integer({ min: 1, max: 10_000 }),
        (numerator, denominator) => {
          const expected = Math.sign(numerator) * Math.round(Math.abs(numerator) / denominator)
          assert.equal(divideHalfUp(BigInt(numerator), BigInt(denominator)), expected || 0)
        }
      )
    )
  })
})

test.group('splitRefund: worked examples', () => {
  test('the marketplace bears its take’s share of each refund, cumulatively', ({ assert }) => {
    // total 113.00, take 10.00: a third refunded three times.
    const money = { total: 11_300, marketplaceTake: 1000 }
    assert.deepEqual(splitRefund(3767, 0, money), { marketplaceShare: 333, sellerShare: 3434 })
    assert.deepEqual(splitRefund(3767, 3767, money), { marketplaceShare: 334, sellerShare: 3433 })
    assert.deepEqual(splitRefund(3766, 7534, money), { marketplaceShare: 333, sellerShare: 3433 })
    assert.equal(marketplaceRefundShare(11_300, money), 1000)
  })

  test('a subsidised order: the seller gives back more than the refund', ({ assert }) => {
    const money = { total: 8500, marketplaceTake: -500 }
    assert.deepEqual(splitRefund(8500, 0, money), { marketplaceShare: -500, sellerShare: 9000 })
  })

  test('an order of 0 splits nothing', ({ assert }) => {
    assert.deepEqual(splitRefund(0, 0, { total: 0, marketplaceTake: 0 }), {
      marketplaceShare: 0,
      sellerShare: 0,
    })
  })

  test('refuses refunds beyond the total and amounts that are not cents', ({ assert }) => {
    const money = { total: 100, marketplaceTake: 10 }
    assert.throws(() => splitRefund(101, 0, money), /exceed/)
    assert.throws(() => splitRefund(60, 50, money), /exceed/)
    assert.throws(() => splitRefund(-1, 0, money), /amount/)
    assert.throws(() => splitRefund(1, -1, money), /previouslyRefunded/)
    assert.throws(() => marketplaceRefundShare(0.5, money), /refunded/)
  })
})

test.group('The money of an order: properties', () => {
  test('commission, earning and take obey their definitions to the cent', ({ assert }) => {
    fc.assert(
      fc.property(pricedOrder, (input) => {
        const money = orderMoney(input)
        const sellerDiscount = input.fundedBy === 'SELLERS' ? input.discountAmount : 0
        const marketplaceDiscount = input.discountAmount - sellerDiscount
        const base = input.subTotal - sellerDiscount
        // rate × base rounded half-up, checked against exact rational bounds.
        const exact = base * input.commissionRate
        assert.isAtMost(Math.abs(money.commission * COMMISSION_RATE.whole - exact), 5000)
        if (money.commission * COMMISSION_RATE.whole - exact === -5000) assert.fail('half down')
        assert.isAtLeast(money.commission, 0)
        assert.isAtMost(money.commission, base)
        assert.equal(
          money.sellerEarning,
          base + input.shippingCost + input.taxAmount - money.commission
        )
        assert.isAtLeast(money.sellerEarning, 0)
        assert.equal(money.marketplaceTake, input.total - money.sellerEarning)
        assert.equal(money.marketplaceTake, money.commission - marketplaceDiscount)
        assert.equal(money.commissionRate, input.commissionRate)
      })
    )
  })

  test('any sequence of partial refunds: paid − refunded = entries + (take − marketplace shares), and a full refund leaves both at 0', ({
    assert,
  }) => {
    const scenario = pricedOrder.chain((input) =>
      fc.record({
        input: fc.constant(input),
        refunds: refundsOf(input.total, 8),
        full: fc.boolean(),
        adjustments: fc.array(fc.integer({ min: -100_000, max: 100_000 }), { maxLength: 3 }),
      })
    )
    fc.assert(
      fc.property(scenario, ({ input, refunds, full, adjustments }) => {
        const money = { ...orderMoney(input), total: input.total }
        const made = full ? refunds : refunds.slice(0, -1)
        // The order's entries: its earning, then − the seller's share of each refund.
        let entries = money.sellerEarning
        let marketplaceShares = 0
        let refunded = 0
        for (const amount of made) {
          const split = splitRefund(amount, refunded, money)
          assert.equal(split.marketplaceShare + split.sellerShare, amount)
          assert.isAtLeast(split.sellerShare, 0, 'a REFUND entry is never positive')
          refunded += amount
          entries -= split.sellerShare
          marketplaceShares += split.marketplaceShare
          assert.equal(marketplaceShares, marketplaceRefundShare(refunded, money))
          assert.equal(
            input.total - refunded,
            entries + (money.marketplaceTake - marketplaceShares)
          )
          assert.isAtLeast(entries, 0, 'the seller never gives back more than it earned')
        }
        if (full && input.total > 0) {
          assert.equal(refunded, input.total)
          assert.equal(entries, 0)
          assert.equal(money.marketplaceTake - marketplaceShares, 0)
        }
        // Adjustments are the shop's, not the order's: they move the balance, never the identity.
        const balance = entries + adjustments.reduce((sum, amount) => sum + amount, 0)
        assert.equal(
          balance - entries,
          adjustments.reduce((sum, amount) => sum + amount, 0)
        )
      })
    )
  })

  test('however a refunded amount is cut, the shares are those of the sum', ({ assert }) => {
    const scenario = pricedOrder.chain((input) =>
      fc.record({ input: fc.constant(input), refunds: refundsOf(input.total, 6) })
    )
    fc.assert(
      fc.property(scenario, ({ input, refunds }) => {
        const money = { ...orderMoney(input), total: input.total }
        let refunded = 0
        let sellerShares = 0
        for (const amount of refunds) {
          sellerShares += splitRefund(amount, refunded, money).sellerShare
          refunded += amount
        }
        const whole = splitRefund(refunded, 0, money)
        assert.equal(sellerShares, whole.sellerShare)
      })
    )
  })
})
