import { test } from '@japa/runner'
import fc from 'fast-check'
import {
  merchandiseSubTotal,
  percentOf,
  priceCheckout,
  splitByLargestRemainder,
  type PricingInput,
  type PricingShop,
} from '#services/checkout/pricing'
import { TAX_RATE } from '#support/percent'

const shop = (shopId: string, ...lines: Array<[number, number]>): PricingShop => ({
  shopId,
  lines: lines.map(([unitPrice, quantity]) => ({ unitPrice, quantity })),
})

/** Prices `shops` with no shipping, no tax and no discount unless `terms` gives them. */
const priced = (shops: PricingShop[], terms: Partial<Omit<PricingInput, 'shops'>> = {}) =>
  priceCheckout({ shops, shippingPrice: 0, taxRate: 0, discount: 0, ...terms })

const line = fc.record({
  unitPrice: fc.integer({ min: 1, max: 100_000_000 }),
  quantity: fc.integer({ min: 1, max: 999 }),
})

const shops = fc.uniqueArray(
  fc.record({
    shopId: fc.uuid(),
    lines: fc.array(line, { minLength: 1, maxLength: 5 }),
  }),
  { minLength: 1, maxLength: 6, selector: (candidate) => candidate.shopId }
)

/** A checkout with a discount anywhere from nothing to far above the subtotal. */
const checkout: fc.Arbitrary<PricingInput> = fc.record({
  shops,
  shippingPrice: fc.integer({ min: 0, max: 100_000_000 }),
  taxRate: fc.integer({ min: 0, max: TAX_RATE.whole }),
  discount: fc.oneof(
    fc.constant(0),
    fc.integer({ min: 0, max: 10_000 }),
    fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER })
  ),
})

const FIELDS = ['subTotal', 'shippingCost', 'taxAmount', 'discountAmount', 'total'] as const

test.group('priceCheckout: worked examples', () => {
  test('one shop, no discount, no tax', ({ assert }) => {
    const pricing = priced([shop('a', [1000, 2], [250, 1])], { shippingPrice: 500 })
    assert.deepEqual(pricing, {
      orders: [
        {
          shopId: 'a',
          subTotal: 2250,
          shippingCost: 500,
          taxAmount: 0,
          discountAmount: 0,
          total: 2750,
          itemCount: 3,
        },
      ],
      subTotal: 2250,
      shippingCost: 500,
      taxAmount: 0,
      discountAmount: 0,
      total: 2750,
      itemCount: 3,
    })
  })

  test('shipping is charged per shop and not taxed; tax is on the discounted subtotal', ({
    assert,
  }) => {
    // 10.00 + 30.00, 10.00 off split 2.50 / 7.50, tax 8.25 %: 0.61875 → 0.62, 1.85625 → 1.86.
    const pricing = priced([shop('a', [1000, 1]), shop('b', [3000, 1])], {
      shippingPrice: 500,
      taxRate: 8250,
      discount: 1000,
    })
    assert.deepEqual(
      pricing.orders.map((order) => [order.discountAmount, order.taxAmount, order.total]),
      [
        [250, 62, 1000 + 500 + 62 - 250],
        [750, 186, 3000 + 500 + 186 - 750],
      ]
    )
    assert.equal(pricing.shippingCost, 1000)
    assert.equal(pricing.discountAmount, 1000)
    assert.equal(pricing.taxAmount, 248)
    assert.equal(pricing.total, 4000 + 1000 + 248 - 1000)
  })

  test('a discount split three ways adds up to the cent, ties going to the smaller shopId', ({
    assert,
  }) => {
    const pricing = priced([shop('c', [100, 1]), shop('a', [100, 1]), shop('b', [100, 1])], {
      discount: 100,
    })
    // 33.33... each: the one spare cent goes to the smallest key, 'a'.
    assert.deepEqual(
      pricing.orders.map((order) => [order.shopId, order.discountAmount]),
      [
        ['c', 33],
        ['a', 34],
        ['b', 33],
      ]
    )
  })

  test('tax rounds half-up once per order', ({ assert }) => {
    assert.equal(percentOf(10, 5000), 1) // 0.5 → 1
    assert.equal(percentOf(9, 5000), 0) // 0.45 → 0
    assert.equal(percentOf(1999, 8250), 165) // 164.9175 → 165
    assert.equal(percentOf(200, 12_500), 25)
    assert.equal(percentOf(12345, TAX_RATE.whole), 12345)
  })

  test('a discount above the subtotal is reduced to it and totals stay non-negative', ({
    assert,
  }) => {
    const pricing = priced([shop('a', [500, 1]), shop('b', [700, 1])], {
      taxRate: 10_000,
      discount: 99_999,
    })
    assert.equal(pricing.discountAmount, 1200)
    assert.deepEqual(
      pricing.orders.map((order) => order.total),
      [0, 0]
    )
    assert.equal(pricing.total, 0)
  })

  test('a zero weight part takes none of the split', ({ assert }) => {
    assert.deepEqual(
      splitByLargestRemainder(5, [
        { key: 'a', weight: 0 },
        { key: 'b', weight: 3 },
      ]),
      [0, 5]
    )
    assert.deepEqual(splitByLargestRemainder(0, []), [])
  })

  test('exact beyond 2^53: huge subtotals split without float error', ({ assert }) => {
    const pricing = priced([shop('a', [100_000_000, 999], [100_000_000, 999]), shop('b', [1, 1])], {
      taxRate: 99_999,
      discount: 199_800_000_000,
    })
    assert.equal(pricing.discountAmount, 199_800_000_000)
    assert.equal(
      pricing.orders.reduce((total, order) => total + order.discountAmount, 0),
      199_800_000_000
    )
  })

  test('refuses {name}, naming what is wrong')
    .with([
      {
        name: 'a negative price',
        line: { unitPrice: -1, quantity: 1 },
        message: /^unitPrice must/,
      },
      {
        name: 'a fractional price',
        line: { unitPrice: 10.5, quantity: 1 },
        message: 'unitPrice must be a non-negative integer number of cents, got 10.5',
      },
      {
        name: 'a zero quantity',
        line: { unitPrice: 100, quantity: 0 },
        message: 'quantity must be a positive integer, got 0',
      },
      {
        name: 'a fractional quantity',
        line: { unitPrice: 100, quantity: 1.5 },
        message: 'quantity must be a positive integer, got 1.5',
      },
      {
        name: 'a shop subtotal beyond safe integers',
        line: { unitPrice: Number.MAX_SAFE_INTEGER, quantity: 2 },
        message: /^subtotal of shop a must be a non-negative integer number of cents/,
      },
    ])
    .run(({ assert }, { line: input, message }) => {
      assert.throws(() => priced([{ shopId: 'a', lines: [input] }]), RangeError, message)
    })

  test('refuses a bad shipping price, discount or tax rate, and a shop listed twice', ({
    assert,
  }) => {
    const valid: PricingInput = {
      shops: [shop('a', [1, 1])],
      shippingPrice: 0,
      taxRate: 0,
      discount: 0,
    }
    const refusals: Array<[Partial<PricingInput>, string]> = [
      [
        { shippingPrice: -1 },
        'shippingPrice must be a non-negative integer number of cents, got -1',
      ],
      [{ discount: 0.5 }, 'discount must be a non-negative integer number of cents, got 0.5'],
      [
        { taxRate: TAX_RATE.whole + 1 },
        `taxRate must be an integer from 0 to ${TAX_RATE.whole}, got 100001`,
      ],
      [{ taxRate: -1 }, `taxRate must be an integer from 0 to ${TAX_RATE.whole}, got -1`],
      [{ taxRate: 0.5 }, `taxRate must be an integer from 0 to ${TAX_RATE.whole}, got 0.5`],
      [{ shops: [shop('a', [1, 1]), shop('a', [2, 1])] }, 'shop a appears twice'],
    ]
    for (const [change, message] of refusals) {
      assert.throws(() => priceCheckout({ ...valid, ...change }), RangeError, message)
    }
    // The bounds themselves are accepted.
    assert.equal(priceCheckout({ ...valid, taxRate: TAX_RATE.whole }).taxAmount, 1)
    assert.equal(priceCheckout({ ...valid, taxRate: 0 }).taxAmount, 0)
  })

  test('refuses a checkout whose subtotal is beyond safe integers', ({ assert }) => {
    const half = Math.floor(Number.MAX_SAFE_INTEGER / 2) + 1
    assert.throws(
      () => priced([shop('a', [half, 1]), shop('b', [half, 1])]),
      RangeError,
      /^subTotal must be a non-negative integer number of cents/
    )
  })

  test('the merchandise subtotal is the sum of every line over every shop', ({ assert }) => {
    assert.equal(merchandiseSubTotal([shop('a', [1000, 2], [550, 1]), shop('b', [725, 3])]), 4725)
    assert.equal(merchandiseSubTotal([]), 0)
    assert.throws(() => merchandiseSubTotal([shop('a', [1, 0])]), RangeError, /^quantity must/)
  })
})

test.group('splitByLargestRemainder', () => {
  test('the spare cents go to the largest remainders, not the largest weights', ({ assert }) => {
    // 3 over 5:2 is 2.14 and 0.86: the floors give 2 and 0, the spare cent goes to the 0.86.
    assert.deepEqual(
      splitByLargestRemainder(3, [
        { key: 'a', weight: 5 },
        { key: 'b', weight: 2 },
      ]),
      [2, 1]
    )
    assert.deepEqual(
      splitByLargestRemainder(3, [
        { key: 'b', weight: 2 },
        { key: 'a', weight: 5 },
      ]),
      [1, 2]
    )
  })

  test('equal remainders go to the smaller keys, in whatever order the parts come', ({
    assert,
  }) => {
    const keys = Array.from({ length: 40 }, (_, index) => `k${String(index).padStart(2, '0')}`)
    // 3 cents over 40 equal weights: every remainder is equal, so k00, k01 and k02 get them.
    for (const order of [keys, [...keys].reverse()]) {
      const shares = splitByLargestRemainder(
        3,
        order.map((key) => ({ key, weight: 7 }))
      )
      const winners = order.filter((_, index) => shares[index] === 1).sort()
      assert.deepEqual(winners, ['k00', 'k01', 'k02'])
    }
  })

  test('refuses a non-zero amount over zero weights, and bad cents, naming them', ({ assert }) => {
    assert.throws(
      () => splitByLargestRemainder(1, [{ key: 'a', weight: 0 }]),
      RangeError,
      'cannot split a non-zero amount over zero weights'
    )
    assert.deepEqual(splitByLargestRemainder(0, [{ key: 'a', weight: 0 }]), [0])
    assert.throws(
      () => splitByLargestRemainder(-1, [{ key: 'a', weight: 1 }]),
      RangeError,
      'amount must be a non-negative integer number of cents, got -1'
    )
    assert.throws(
      () => splitByLargestRemainder(1, [{ key: 'a', weight: 1.5 }]),
      RangeError,
      'weight of a must be a non-negative integer number of cents, got 1.5'
    )
    assert.throws(() => percentOf(-5, 1000), RangeError, /^amount must/)
  })
})

test.group('priceCheckout: properties', () => {
  test('the checkout is the sum of its orders, field by field', ({ assert }) => {
    fc.assert(
      fc.property(checkout, (input) => {
        const pricing = priceCheckout(input)
        for (const field of [...FIELDS, 'itemCount'] as const) {
          assert.equal(
            pricing[field],
            pricing.orders.reduce((total, order) => total + order[field], 0),
            field
          )
        }
      }),
      { numRuns: 500 }
    )
  })

  test('every total is subtotal + shipping + tax − discount, and never negative', ({ assert }) => {
    fc.assert(
      fc.property(checkout, (input) => {
        const pricing = priceCheckout(input)
        for (const amounts of [pricing, ...pricing.orders]) {
          assert.equal(
            amounts.total,
            amounts.subTotal + amounts.shippingCost + amounts.taxAmount - amounts.discountAmount
          )
          assert.isAtLeast(amounts.total, 0)
          for (const field of FIELDS) assert.isTrue(Number.isSafeInteger(amounts[field]))
        }
      }),
      { numRuns: 500 }
    )
  })

  test('the discount is the coupon amount capped at the subtotal, split exactly by shop', ({
    assert,
  }) => {
    fc.assert(
      fc.property(checkout, (input) => {
        const pricing = priceCheckout(input)
        assert.equal(pricing.discountAmount, Math.min(input.discount, pricing.subTotal))
        for (const order of pricing.orders) {
          assert.isAtLeast(order.discountAmount, 0)
          assert.isAtMost(order.discountAmount, order.subTotal)
        }
      }),
      { numRuns: 500 }
    )
  })

  test('each share is within one cent of the exact proportional share', ({ assert }) => {
    fc.assert(
      fc.property(checkout, (input) => {
        const pricing = priceCheckout(input)
        const subTotal = BigInt(pricing.subTotal)
        const discount = BigInt(pricing.discountAmount)
        for (const order of pricing.orders) {
          // |share × S − D × s| < S, i.e. the share is the floor or the ceiling of D × s / S.
          const gap = BigInt(order.discountAmount) * subTotal - discount * BigInt(order.subTotal)
          assert.isTrue(gap > -subTotal && gap < subTotal)
        }
      }),
      { numRuns: 500 }
    )
  })

  test('tax of each order is the rate of its taxable amount, half-up', ({ assert }) => {
    fc.assert(
      fc.property(checkout, (input) => {
        const pricing = priceCheckout(input)
        for (const order of pricing.orders) {
          const taxable = BigInt(order.subTotal - order.discountAmount)
          // Half-up: tax × TAX_RATE.whole lies in (exact − half a cent, exact + half a cent], an
          // exact half going up.
          const scaled = BigInt(order.taxAmount) * BigInt(TAX_RATE.whole)
          const exact = taxable * BigInt(input.taxRate)
          const half = BigInt(TAX_RATE.whole / 2)
          assert.isTrue(scaled - exact > -half && scaled - exact <= half)
        }
      }),
      { numRuns: 500 }
    )
  })

  test('exact halves of a cent round up', ({ assert }) => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), (cents) => {
        // 50 % of an odd amount is always an exact half.
        assert.equal(percentOf(2 * cents + 1, TAX_RATE.whole / 2), cents + 1)
      })
    )
  })

  test('the split does not depend on the order shops are listed in', ({ assert }) => {
    fc.assert(
      fc.property(checkout, fc.integer(), (input, seed) => {
        const shuffled = [...input.shops].sort(
          (a, b) => ((a.shopId.charCodeAt(3) ^ seed) & 7) - ((b.shopId.charCodeAt(3) ^ seed) & 7)
        )
        const byShop = (shopsToPrice: PricingShop[]) =>
          Object.fromEntries(
            priceCheckout({ ...input, shops: shopsToPrice }).orders.map((order) => [
              order.shopId,
              order,
            ])
          )
        assert.deepEqual(byShop(shuffled), byShop(input.shops))
      }),
      { numRuns: 300 }
    )
  })
})
