import env from '#start/env'

/**
 * The sellers' money (docs/api/ledger.md): the commission rate of shops without their own, in
 * percent; how many days an order's earning stays pending after its delivery; the least balance
 * a payout is made for, in integer cents; and how payouts reach sellers (`manual`: through the
 * bank by hand; `stripe`: a Connect transfer). start/env.ts refuses values out of range at boot.
 */
const marketplaceConfig = {
  defaultCommissionRate: env.get('DEFAULT_COMMISSION_RATE', 10),
  payoutHoldDays: env.get('PAYOUT_HOLD_DAYS', 7),
  payoutMinimumCents: Math.round(env.get('PAYOUT_MINIMUM', 1) * 100),
  payoutProvider: env.get('PAYOUT_PROVIDER', 'manual'),
}

export default marketplaceConfig
