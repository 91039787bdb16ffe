/*
| Below the HTTP edge a percentage is an integer in a fixed fraction of a percent, the way money
| is integer cents. Each kind keeps the precision its interface allows: tax rates three decimals
| (docs/api/checkout.md), coupon percentages two (docs/api/coupons.md).
*/

/** A fixed-point percent: `perPercent` units make 1 %, `whole` units make 100 %. */
export interface PercentScale {
  readonly perPercent: number
  readonly whole: number
}

function scaleOf(perPercent: number): PercentScale {
  return Object.freeze({ perPercent, whole: perPercent * 100 })
}

/** Tax rates: thousandths of a percent, so 8.25 % is 8250. */
export const TAX_RATE = scaleOf(1000)

/** PERCENTAGE coupon values: hundredths of a percent, so 12.50 % is 1250. */
export const COUPON_PERCENT = scaleOf(100)

/** Commission rates: hundredths of a percent, so 12.5 % is 1250 (docs/api/ledger.md). */
export const COMMISSION_RATE = scaleOf(100)
