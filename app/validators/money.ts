import vine from '@vinejs/vine'
import { amountToCents } from '#support/money'

/** The largest amount any money field accepts: 1,000,000.00. */
export const MAX_AMOUNT = 1_000_000

/**
 * A money amount in a JSON body: a finite number from `min` (default 0) to 1,000,000 with at most
 * two decimals, turned into integer cents. Strings are refused so `"10"` and `10` cannot mean
 * different things. (A transformed schema takes no further rules, hence the option.)
 */
export function moneyAmount(options: { min?: number } = {}) {
  return vine
    .number({ strict: true })
    .min(options.min ?? 0)
    .max(MAX_AMOUNT)
    .decimal([0, 2])
    .transform((amount) => amountToCents(amount))
}
