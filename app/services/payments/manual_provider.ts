import type { PaymentProvider } from '#services/payments/provider'
import { ProviderSignatureError } from '#services/payments/provider'

/**
 * No online collection: every method is accepted and recorded by hand (docs/api/payments.md).
 * Nothing is ever opened at a provider, so the calls that act on an intent are never made; a
 * webhook addressed to it is refused like a forged one.
 */
export class ManualProvider implements PaymentProvider {
  readonly name = 'manual' as const

  collectsOnline() {
    return false
  }

  accepts() {
    return true
  }

  async openIntent(): Promise<never> {
    throw new Error('the manual provider opens no intents')
  }

  async cancelIntent() {}

  async refund() {
    return { id: null }
  }

  verifyEvent(): never {
    throw new ProviderSignatureError('no online provider is configured')
  }
}
