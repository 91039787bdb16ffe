import app from '@adonisjs/core/services/app'
import { PaymentGateway } from '#services/payments/payment_gateway'

/**
 * The provider calls the outbox makes (app/services/mail/outbox_service.ts): written in the
 * transaction that decided them, sent once it committed, retried with backoff until they
 * succeed. Each carries its own idempotency key, so a retry after a timeout never acts twice.
 */
export const PROVIDER_CALLS = {
  payment_intent_cancel: async (payload: { intentId: string; idempotencyKey: string }) => {
    const { provider } = await app.container.make(PaymentGateway)
    await provider.cancelIntent(payload.intentId, payload.idempotencyKey)
  },
  payment_refund: async (payload: { intentId: string; amount: number; idempotencyKey: string }) => {
    const { provider } = await app.container.make(PaymentGateway)
    await provider.refund(payload)
  },
} satisfies Record<string, (payload: any) => Promise<void>>

export type ProviderCallKind = keyof typeof PROVIDER_CALLS
