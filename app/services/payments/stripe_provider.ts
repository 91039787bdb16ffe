import Stripe from 'stripe'
import type { PaymentMethod } from '#enums/order_status'
import {
  ProviderSignatureError,
  ProviderUnavailableError,
  type PaymentProvider,
  type ProviderEvent,
} from '#services/payments/provider'

/** How Stripe is reached: the keys, and where its API answers (tests and stripe-mock). */
export interface StripeSettings {
  secretKey: string
  webhookSecret: string
  /** `https://api.stripe.com` unless told; scheme, host and port are handed to the SDK. */
  apiBase?: string
  /** How long one call may take before the placement answers 503. */
  timeoutMs?: number
}

/** Seconds a webhook's signature timestamp may be off: Stripe's own default, 5 minutes. */
const SIGNATURE_TOLERANCE_SECONDS = 300
const DEFAULT_TIMEOUT_MS = 10_000

const CARD_METHODS: PaymentMethod[] = ['CREDIT_CARD', 'DEBIT_CARD']

/**
 * Stripe through its official SDK: cards are collected with a PaymentIntent; PayPal is not
 * offered; bank transfer and cash on delivery are recorded by hand as with `manual`. The SDK
 * does not retry on its own (`maxNetworkRetries: 0`): the placement answers 503 at once and the
 * client retries with its idempotency key, and the outbox retries its calls with backoff.
 */
export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe' as const
  #client: Stripe
  #webhookSecret: string

  constructor(settings: StripeSettings) {
    const base = new URL(settings.apiBase ?? 'https://api.stripe.com')
    const protocol = base.protocol === 'http:' ? 'http' : 'https'
    this.#client = new Stripe(settings.secretKey, {
      host: base.hostname,
      port: base.port || (protocol === 'http' ? 80 : 443),
      protocol,
      maxNetworkRetries: 0,
      timeout: settings.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      telemetry: false,
    })
    this.#webhookSecret = settings.webhookSecret
  }

  collectsOnline(method: PaymentMethod) {
    return CARD_METHODS.includes(method)
  }

  accepts(method: PaymentMethod) {
    return method !== 'PAYPAL'
  }

  async openIntent(input: {
    amount: number
    currency: string
    checkoutId: string
    idempotencyKey: string
  }) {
    const intent = await this.#call(() =>
      this.#client.paymentIntents.create(
        {
          amount: input.amount,
          currency: input.currency.toLowerCase(),
          metadata: { checkoutId: input.checkoutId },
          payment_method_types: ['card'],
        },
        { idempotencyKey: input.idempotencyKey }
      )
    )
    if (!intent.client_secret) throw new ProviderUnavailableError('the intent has no client secret')
    return { id: intent.id, clientSecret: intent.client_secret }
  }

  async cancelIntent(intentId: string, idempotencyKey: string) {
    try {
      await this.#client.paymentIntents.cancel(intentId, {}, { idempotencyKey })
    } catch (error) {
      // Already cancelled, or captured meanwhile (the capture's webhook refunds it): done here.
      if (error instanceof Stripe.errors.StripeInvalidRequestError) return
      throw new ProviderUnavailableError(describe(error))
    }
  }

  async refund(input: { intentId: string; amount: number; idempotencyKey: string }) {
    const refund = await this.#call(() =>
      this.#client.refunds.create(
        { payment_intent: input.intentId, amount: input.amount },
        { idempotencyKey: input.idempotencyKey }
      )
    )
    return { id: refund.id }
  }

  /**
   * A Connect transfer of a payout to `destination` (docs/api/payouts.md), under the payout's own
   * idempotency key, so the outbox's retries never transfer twice.
   */
  async transfer(input: {
    payoutId: string
    amount: number
    currency: string
    destination: string
  }) {
    const transfer = await this.#call(() =>
      this.#client.transfers.create(
        {
          amount: input.amount,
          currency: input.currency.toLowerCase(),
          destination: input.destination,
          metadata: { payoutId: input.payoutId },
        },
        { idempotencyKey: `payout-${input.payoutId}` }
      )
    )
    return { id: transfer.id }
  }

  verifyEvent(rawBody: Buffer, signature: string | undefined): ProviderEvent {
    if (!signature) throw new ProviderSignatureError('no Stripe-Signature header')
    let event: Stripe.Event
    try {
      event = this.#client.webhooks.constructEvent(
        rawBody,
        signature,
        this.#webhookSecret,
        SIGNATURE_TOLERANCE_SECONDS
      )
    } catch (error) {
      throw new ProviderSignatureError(describe(error))
    }
    return eventOf(event)
  }

  async #call<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call()
    } catch (error) {
      throw new ProviderUnavailableError(describe(error))
    }
  }
}

const TYPES: Partial<Record<string, ProviderEvent['type']>> = {
  'payment_intent.succeeded': 'payment.captured',
  'payment_intent.payment_failed': 'payment.failed',
  'payment_intent.canceled': 'payment.cancelled',
  'charge.refunded': 'payment.refunded',
}

/** The provider-neutral event of a verified Stripe event. */
function eventOf(event: Stripe.Event): ProviderEvent {
  const type = TYPES[event.type] ?? 'ignored'
  const object = (event.data?.object ?? {}) as Record<string, any>
  const intentId =
    type === 'payment.refunded'
      ? typeof object.payment_intent === 'string'
        ? object.payment_intent
        : (object.payment_intent?.id ?? null)
      : typeof object.id === 'string'
        ? object.id
        : null
  const checkoutId =
    typeof object.metadata?.checkoutId === 'string' ? object.metadata.checkoutId : null
  const amount =
    type === 'payment.refunded'
      ? Number(object.amount_refunded ?? 0)
      : Number(object.amount_received ?? object.amount ?? 0)
  return {
    id: event.id,
    type,
    paymentId: intentId,
    checkoutId,
    amount: Number.isSafeInteger(amount) && amount >= 0 ? amount : 0,
    providerType: String(event.type).slice(0, 64),
  }
}

function describe(error: unknown): string {
  return String((error as Error)?.message ?? error).slice(0, 500)
}
