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
    env.get('PAYMENT_PROVIDER', 'manual') === 'stripe'
      ? new StripeProvider({
          secretKey: env.get('STRIPE_SECRET_KEY')!,
          webhookSecret: env.get('STRIPE_WEBHOOK_SECRET')!,
          apiBase: env.get('STRIPE_API_BASE'),
        })
      : new ManualProvider()
  return configured
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
