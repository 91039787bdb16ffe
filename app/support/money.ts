/*
| Money crosses the HTTP edge as a decimal number with at most two places and lives everywhere
| else as integer cents. These are the only two conversions.
*/

/** Cents to the decimal number written in JSON (1025 → 10.25). Division by 100 is exact to print. */
export function centsToAmount(cents: number): number {
  return cents / 100
}

/** A validated decimal amount (at most two places) to integer cents. */
export function amountToCents(amount: number): number {
  return Math.round(amount * 100)
}
