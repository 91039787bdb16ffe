import env from '#start/env'
import type { PaymentProvider } from '#services/payments/provider'
import { ManualProvider } from '#services/payments/manual_provider'
import { StripeProvider } from '#services/payments/stripe_provider'

let configured: PaymentProvider | undefined

/**
 * The provider `PAYMENT_PROVIDER` names (start/env.ts refuses a stripe without its keys), made
 * once per process: the SDK's client keeps its connections.
 */
export function providerFromEnv(): PaymentProvider {
  configured ??=
    env.get('PAYMENT_PROVIDER', 'manual') === 'stripe' ? stripeFromEnv() : new ManualProvider()
  return configured
}

/**
 * Stripe with the keys and API address of the settings (STRIPE_SECRET_KEY,
 * STRIPE_WEBHOOK_SECRET, STRIPE_API_BASE); the payments' provider, and the payouts' transfers.
 */
export function stripeFromEnv(): StripeProvider {
  const secretKey = env.get('STRIPE_SECRET_KEY')
  if (!secretKey) throw new Error('Stripe needs STRIPE_SECRET_KEY to be set')
  return new StripeProvider({
    secretKey,
    webhookSecret: env.get('STRIPE_WEBHOOK_SECRET') ?? '',
    apiBase: env.get('STRIPE_API_BASE'),
  })
}

/**
 * The configured payment provider, as the container hands it to the services; a test swaps it
 * (`app.container.swap(PaymentGateway, () => PaymentGateway.using(provider))`).
 */
export class PaymentGateway {
  #provider?: PaymentProvider

  get provider(): PaymentProvider {
    return (this.#provider ??= providerFromEnv())
  }

  /** A gateway to `provider` rather than the configured one. */
  static using(provider: PaymentProvider): PaymentGateway {
    const gateway = new PaymentGateway()
    gateway.#provider = provider
    return gateway
  }
}
