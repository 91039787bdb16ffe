import { test } from '@japa/runner'
import fc from 'fast-check'
import { lineShares, returnRefund, type ReturnableOrder } from '#services/orders/return_refunds'

const lines = fc.array(
  fc.record({
    unitPrice: fc.integer({ min: 0, max: 10_000_000 }),
    quantity: fc.integer({ min: 1, max: 12 }),
  }),
  { minLength: 1, maxLength: 5 }
)

/** An order whose discount is at most its merchandise, with any tax and shipping. */
const order: fc.Arbitrary<ReturnableOrder> = lines.chain((bought) => {
  const keyed = bought.map((line, index) => ({ ...line, key: `line-${index}` }))
  const merchandise = keyed.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0)
  return fc.record({
    lines: fc.constant(keyed),
    discount: fc.integer({ min: 0, max: merchandise }),
    tax: fc.integer({ min: 0, max: 5_000_000 }),
    shipping: fc.integer({ min: 0, max: 100_000 }),
  })
})

/** Every unit of the order, shuffled and cut into returns of one or more units. */
const returnedInParts = order.chain((bought) => {
  const units = bought.lines.flatMap((line, index) => Array(line.quantity).fill(index) as number[])
  return fc.tuple(
    fc.constant(bought),
    fc.shuffledSubarray(units, { minLength: units.length, maxLength: units.length }),
    fc.array(fc.integer({ min: 1, max: units.length }), { maxLength: 6 })
  )
})

/** Cuts `units` (line indexes) at `cuts` into returns: per return, a count per line. */
function parts(bought: ReturnableOrder, units: number[], cuts: number[]): number[][] {
  const at = [...new Set(cuts)].sort((a, b) => a - b)
  const bounds = [0, ...at.filter((cut) => cut < units.length), units.length]
  const result: number[][] = []
  for (let index = 0; index + 1 < bounds.length; index++) {
    const counts = bought.lines.map(() => 0)
    for (const unit of units.slice(bounds[index], bounds[index + 1])) counts[unit] += 1
    result.push(counts)
  }
  return result
}

/** Refunds each part after the ones before it. */
function refundAll(bought: ReturnableOrder, returns: number[][]) {
  const before = bought.lines.map(() => 0)
  return returns.map((taking) => {
    const refund = returnRefund(bought, [...before], taking)
    taking.forEach((count, index) => (before[index] += count))
    return refund
  })
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0)

test.group('Return refunds: the law', () => {
  test('returning everything in any number of parts refunds merchandise − discount + tax + shipping exactly', () => {
    fc.assert(
      fc.property(returnedInParts, ([bought, units, cuts]) => {
        const refunds = refundAll(bought, parts(bought, units, cuts))
        const merchandise = sum(bought.lines.map((line) => line.unitPrice * line.quantity))
        const expected = merchandise - bought.discount + bought.tax + bought.shipping
        if (sum(refunds.map((refund) => refund.total)) !== expected) return false
        // Each refund's total is its lines plus its shipping, and no part is negative.
        return refunds.every(
          (refund) =>
            refund.total === sum(refund.lines) + refund.shipping &&
            refund.lines.every((amount) => amount >= 0)
        )
      })
    )
  })

  test('each line gets back exactly its total minus its discount share plus its tax share', () => {
    fc.assert(
      fc.property(returnedInParts, ([bought, units, cuts]) => {
        const refunds = refundAll(bought, parts(bought, units, cuts))
        const shares = lineShares(bought)
        return bought.lines.every(
          (line, index) =>
            sum(refunds.map((refund) => refund.lines[index])) ===
            line.unitPrice * line.quantity - shares.discount[index] + shares.tax[index]
        )
      })
    )
  })

  test('shipping is refunded once, with the return that brings the last unit back', () => {
    fc.assert(
      fc.property(returnedInParts, ([bought, units, cuts]) => {
        const refunds = refundAll(bought, parts(bought, units, cuts))
        const last = refunds.length - 1
        return refunds.every((refund, index) =>
          index === last ? refund.shipping === bought.shipping : refund.shipping === 0
        )
      })
    )
  })

  test('the shares add up to the discount and the tax exactly', () => {
    fc.assert(
      fc.property(order, (bought) => {
        const shares = lineShares(bought)
        return sum(shares.discount) === bought.discount && sum(shares.tax) === bought.tax
      })
    )
  })
})

test.group('Return refunds: hand-computed figures', () => {
  // Three lines 20.00 × 2, 15.00 × 1, 5.00 × 4 = 75.00; a 10% coupon: 7.50 off; 8% tax on
  // 67.50 = 5.40; shipping 4.99. Discount by line totals 40/15/20 of 7.50: 4.00, 1.50, 2.00.
  // Tax by net 36.00/13.50/18.00 of 5.40: 2.88, 1.08, 1.44.
  const threeLines: ReturnableOrder = {
    lines: [
      { key: 'a', unitPrice: 2000, quantity: 2 },
      { key: 'b', unitPrice: 1500, quantity: 1 },
      { key: 'c', unitPrice: 500, quantity: 4 },
    ],
    discount: 750,
    tax: 540,
    shipping: 499,
  }

  test('the shares of discount and tax', ({ assert }) => {
    assert.deepEqual(lineShares(threeLines), { discount: [400, 150, 200], tax: [288, 108, 144] })
  })

  test('two returns: one mug and the spoon, then the rest with the shipping', ({ assert }) => {
    const first = returnRefund(threeLines, [0, 0, 0], [1, 1, 0])
    // 20.00 − 2.00 + 1.44 = 19.44; 15.00 − 1.50 + 1.08 = 14.58.
    assert.deepEqual(first, { lines: [1944, 1458, 0], shipping: 0, total: 3402 })
    const second = returnRefund(threeLines, [1, 1, 0], [1, 0, 4])
    // 19.44 again; 20.00 − 2.00 + 1.44 = 19.44; and the shipping.
    assert.deepEqual(second, { lines: [1944, 0, 1944], shipping: 499, total: 4387 })
    // 75.00 − 7.50 + 5.40 + 4.99 = 77.89.
    assert.equal(first.total + second.total, 7789)
  })

  test('a share that does not divide evenly: floors until the last unit takes the rest', ({
    assert,
  }) => {
    const odd: ReturnableOrder = {
      lines: [{ key: 'a', unitPrice: 1000, quantity: 3 }],
      discount: 100,
      tax: 0,
      shipping: 0,
    }
    // 10.00 − ⌊1.00 × 1/3⌋ = 9.67; then 10.00 − (0.66 − 0.33) = 9.67; then 9.66.
    assert.equal(returnRefund(odd, [0], [1]).total, 967)
    assert.equal(returnRefund(odd, [1], [1]).total, 967)
    assert.equal(returnRefund(odd, [2], [1]).total, 966)
  })

  test('free lines share the tax by units; nothing returned refunds nothing', ({ assert }) => {
    const free: ReturnableOrder = {
      lines: [
        { key: 'a', unitPrice: 0, quantity: 1 },
        { key: 'b', unitPrice: 0, quantity: 3 },
      ],
      discount: 0,
      tax: 8,
      shipping: 0,
    }
    assert.deepEqual(lineShares(free).tax, [2, 6])
    assert.deepEqual(returnRefund(free, [0, 0], [0, 0]), { lines: [0, 0], shipping: 0, total: 0 })
  })

  test('the tax is split by what the lines cost after their discount, not before', ({ assert }) => {
    // Discount 0.01 over 0.01 and 0.02: the cent goes to the larger line, leaving 0.01 and 0.01.
    const small: ReturnableOrder = {
      lines: [
        { key: 'a', unitPrice: 1, quantity: 1 },
        { key: 'b', unitPrice: 2, quantity: 1 },
      ],
      discount: 1,
      tax: 4,
      shipping: 0,
    }
    assert.deepEqual(lineShares(small), { discount: [0, 1], tax: [2, 2] })
  })

  test('a free line beside a priced one takes no share of the tax', ({ assert }) => {
    const mixed: ReturnableOrder = {
      lines: [
        { key: 'a', unitPrice: 0, quantity: 1 },
        { key: 'b', unitPrice: 100, quantity: 1 },
      ],
      discount: 0,
      tax: 10,
      shipping: 0,
    }
    assert.deepEqual(lineShares(mixed).tax, [0, 10])
  })

  test('a return after everything came back refunds no shipping again', ({ assert }) => {
    const one: ReturnableOrder = {
      lines: [{ key: 'a', unitPrice: 100, quantity: 1 }],
      discount: 0,
      tax: 0,
      shipping: 50,
    }
    assert.equal(returnRefund(one, [0], [1]).shipping, 50)
    assert.equal(returnRefund(one, [1], [0]).shipping, 0)
  })

  test('counts beyond what was bought, negative or of the wrong length are refused', ({
    assert,
  }) => {
    assert.throws(() => returnRefund(threeLines, [0, 0, 0], [3, 0, 0]), /returned must be/)
    assert.throws(() => returnRefund(threeLines, [-1, 0, 0], [1, 0, 0]), /returned before/)
    assert.throws(() => returnRefund(threeLines, [0, 0], [1, 0]), /one count per line/)
    assert.throws(() => returnRefund(threeLines, [0, 0], [1, 0, 0]), /one count per line/)
    assert.throws(() => returnRefund(threeLines, [0, 0, 0], [1, 0]), /one count per line/)
    assert.throws(
      () =>
        returnRefund({ ...threeLines, lines: [{ key: 'x', unitPrice: 1, quantity: 0 }] }, [0], [0]),
      /positive integer/
    )
  })
})
