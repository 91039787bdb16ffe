import type { PaymentMethod } from '#enums/order_status'
import type { PaymentProviderName } from '#enums/payment'

/** A provider's attempt at collecting a checkout's money (a Stripe PaymentIntent). */
export interface ProviderIntent {
  id: string
  clientSecret: string
}

/** What the service needs of a provider event, whatever the provider. */
export interface ProviderEvent {
  id: string
  type: 'payment.captured' | 'payment.failed' | 'payment.cancelled' | 'payment.refunded' | 'ignored'
  /** The provider's id of the payment attempt the event is about. */
  paymentId: string | null
  /** The checkout the attempt was opened for, as its metadata says. */
  checkoutId: string | null
  /** Minor units: captured (payment.captured) or refunded in all so far (payment.refunded). */
  amount: number
  /** The provider's own name of the event type, for the record. */
  providerType: string
}

/** A provider failed or did not answer: the caller answers 503 or the outbox tries again. */
export class ProviderUnavailableError extends Error {}

/** The webhook's signature does not hold. */
export class ProviderSignatureError extends Error {}

/**
 * A payment provider. `manual` collects nothing online (people record money by hand); an online
 * provider opens one intent per checkout and attempt, cancels and refunds it, and verifies the
 * events it posts. Every call that changes something at the provider carries an idempotency key,
 * so a retry after a timeout never does it twice.
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName
  /** Whether `method` is collected online by this provider (false: recorded by hand). */
  collectsOnline(method: PaymentMethod): boolean
  /** Whether this provider accepts `method` at all. */
  accepts(method: PaymentMethod): boolean
  openIntent(input: {
    amount: number
    currency: string
    checkoutId: string
    idempotencyKey: string
  }): Promise<ProviderIntent>
  cancelIntent(intentId: string, idempotencyKey: string): Promise<void>
  /** Answers the provider's id of the refund (null when nothing is refunded online). */
  refund(input: {
    intentId: string
    amount: number
    idempotencyKey: string
  }): Promise<{ id: string | null }>
  /** The event a webhook carries, verified over its raw bytes; throws ProviderSignatureError. */
  verifyEvent(rawBody: Buffer, signature: string | undefined): ProviderEvent
}
