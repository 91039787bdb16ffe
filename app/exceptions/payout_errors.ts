import { domainErrors } from '#exceptions/domain_error'

/** Refusals of payouts (docs/api/payouts.md). */
export const { PayoutNotFound, PayoutNotPending, PayoutSettledByProvider } = domainErrors({
  /** No payout with that id. */
  PayoutNotFound: [404, 'PAYOUT_NOT_FOUND', 'Payout not found'],
  /** Only a PENDING payout can be marked paid or failed, once. */
  PayoutNotPending: [
    409,
    'PAYOUT_NOT_PENDING',
    'The payout is no longer pending: it was already marked paid or failed',
  ],
  /** A `stripe` payout is settled by its transfer, never by hand. */
  PayoutSettledByProvider: [
    409,
    'PAYOUT_SETTLED_BY_PROVIDER',
    'A Stripe payout is marked paid or failed by its transfer, not by hand',
  ],
})
