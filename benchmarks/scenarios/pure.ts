/*
| `pure`: the pure money modules (pricing, coupon rules) in process, the floor under every priced
| request.
*/
import { priceCheckout } from '../../app/services/checkout/pricing.js'
import { evaluateCoupon } from '../../app/services/coupons/coupon_rules.js'
import { log, type Report } from '../lib/report.js'

/** Operations a second of pricing a 10-shop checkout and of one coupon evaluation. */
export function pure(report: Report) {
  const shops = Array.from({ length: 10 }, (_shop, s) => ({
    shopId: `shop-${s}`,
    lines: Array.from({ length: 5 }, (_line, l) => ({
      unitPrice: 999 + s * 100 + l,
      quantity: 1 + l,
    })),
  }))
  const coupon = {
    discountType: 'PERCENTAGE' as const,
    discountValue: 1250,
    minOrderAmount: 1000,
    maxDiscountAmount: 5000,
    startsAt: Date.UTC(2026, 0, 1),
    endsAt: Date.UTC(2027, 0, 1),
    usageLimit: 100,
    usageCount: 10,
    isActive: true,
  }
  const rates: Record<string, number> = {}
  for (const [name, fn] of [
    [
      'pricing: 10 shops x 5 lines',
      () => priceCheckout({ shops, shippingPrice: 500, taxRate: 8250, discount: 1234 }),
    ],
    [
      'coupon rules: percentage with cap',
      () => evaluateCoupon(coupon, 123_456, Date.UTC(2026, 5, 1)),
    ],
  ] as const) {
    for (let i = 0; i < 1000; i++) fn()
    let operations = 0
    const started = performance.now()
    while (performance.now() - started < 1000) {
      for (let i = 0; i < 1000; i++) fn()
      operations += 1000
    }
    rates[name] = Math.round(operations / ((performance.now() - started) / 1000))
  }
  report.extras.pure = rates
  for (const [name, rate] of Object.entries(rates))
    log(`${name}: ${rate.toLocaleString('en-US')} ops/s`)
}
