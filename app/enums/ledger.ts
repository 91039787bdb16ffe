/**
 * What a seller's ledger entry records (docs/api/ledger.md): the seller's earning of an order once
 * it is paid (+), the seller's share of a refund (−), a payout (−) and its reversal when the
 * payout failed (+), an administrator's signed adjustment, and the cash a seller collected on
 * delivery (− the order's total: the seller already holds the customer's money).
 */
export const LEDGER_ENTRY_TYPES = [
  'ORDER_EARNING',
  'REFUND',
  'PAYOUT',
  'PAYOUT_REVERSAL',
  'ADJUSTMENT',
  'CASH_COLLECTED',
] as const
export type LedgerEntryType = (typeof LEDGER_ENTRY_TYPES)[number]

/** A payout: PENDING once made, then PAID (with the bank's or provider's reference) or FAILED. */
export const PAYOUT_STATUSES = ['PENDING', 'PAID', 'FAILED'] as const
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number]

/** How a payout reaches the seller: by hand through the bank, or a Stripe Connect transfer. */
export const PAYOUT_PROVIDERS = ['manual', 'stripe'] as const
export type PayoutProviderName = (typeof PAYOUT_PROVIDERS)[number]

/**
 * Who bears a coupon's discount: the marketplace (its commission pays for it) or the sellers
 * (each shop its own share of the discount, taken off its earning).
 */
export const COUPON_FUNDINGS = ['MARKETPLACE', 'SELLERS'] as const
export type CouponFunding = (typeof COUPON_FUNDINGS)[number]

/** Why a payout run made no payout for a shop whose balance was positive. */
export const PAYOUT_SKIP_REASONS = ['BELOW_MINIMUM', 'NO_STRIPE_ACCOUNT'] as const
export type PayoutSkipReason = (typeof PAYOUT_SKIP_REASONS)[number]
