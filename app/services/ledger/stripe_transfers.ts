import Stripe from 'stripe'
import env from '#start/env'

/** A Connect transfer of a payout: its amount to the shop's account, once per payout. */
export interface TransferCall {
  payoutId: string
  amount: number
  currency: string
  destination: string
}

let client: Stripe | undefined

/**
 * Stripe's client for payouts (docs/api/payouts.md), made once per process with the keys and API
 * address of the payments (STRIPE_SECRET_KEY, STRIPE_API_BASE). No retries of its own: the
 * outbox retries with backoff, under the payout's id as idempotency key, so a retry after a
 * timeout never transfers twice.
 */
function stripe(): Stripe {
  if (client) return client
  const secretKey = env.get('STRIPE_SECRET_KEY')
  if (!secretKey) throw new Error('PAYOUT_PROVIDER=stripe needs STRIPE_SECRET_KEY to be set')
  const base = new URL(env.get('STRIPE_API_BASE') ?? 'https://api.stripe.com')
  const protocol = base.protocol === 'http:' ? 'http' : 'https'
  client = new Stripe(secretKey, {
    host: base.hostname,
    port: base.port || (protocol === 'http' ? 80 : 443),
    protocol,
    maxNetworkRetries: 0,
    timeout: 10_000,
    telemetry: false,
  })
  return client
}

/** Transfers a payout to its shop's Connect account; answers the transfer's id. */
export async function transferPayout(call: TransferCall): Promise<string> {
  const transfer = await stripe().transfers.create(
    {
      amount: call.amount,
      currency: call.currency.toLowerCase(),
      destination: call.destination,
      metadata: { payoutId: call.payoutId },
    },
    { idempotencyKey: `payout-${call.payoutId}` }
  )
  return transfer.id
}
