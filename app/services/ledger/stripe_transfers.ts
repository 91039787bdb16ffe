import type { StripeProvider } from '#services/payments/stripe_provider'
import { stripeFromEnv } from '#services/payments/payment_gateway'

/** A Connect transfer of a payout: its amount to the shop's account, once per payout. */
export interface TransferCall {
  payoutId: string
  amount: number
  currency: string
  destination: string
}

let configured: StripeProvider | undefined

/**
 * Stripe for payouts (docs/api/payouts.md), with the keys and API address of the payments
 * (STRIPE_SECRET_KEY, STRIPE_API_BASE), made once per process. A test swaps it
 * (`app.container.swap(PayoutTransfers, () => PayoutTransfers.using(provider))`).
 */
export class PayoutTransfers {
  #stripe?: StripeProvider

  get stripe(): StripeProvider {
    return (this.#stripe ??= configured ??= stripeFromEnv())
  }

  /** Transfers a payout to its shop's Connect account; answers the transfer's id. */
  async transfer(call: TransferCall): Promise<string> {
    const transfer = await this.stripe.transfer(call)
    return transfer.id
  }

  /** Transfers through `stripe` rather than the configured one. */
  static using(stripe: StripeProvider): PayoutTransfers {
    const transfers = new PayoutTransfers()
    transfers.#stripe = stripe
    return transfers
  }
}
