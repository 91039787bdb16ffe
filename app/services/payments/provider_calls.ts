import app from '@adonisjs/core/services/app'
import { PaymentGateway } from '#services/payments/payment_gateway'

/** A refund at the provider; `refundId` names the refunds row it settles, when there is one. */
interface RefundCall {
  intentId: string
  amount: number
  idempotencyKey: string
  refundId?: string
}

/** The refund service, loaded when called: it writes to the outbox, which imports this file. */
async function refunds() {
  const { RefundService } = await import('#services/payments/refund_service')
  return app.container.make(RefundService)
}

/**
 * The provider calls the outbox makes (app/services/mail/outbox_service.ts): written in the
 * transaction that decided them, sent once it committed, retried with backoff until they
 * succeed. Each carries its own idempotency key, so a retry after a timeout never acts twice.
 * A refund of a refunds row marks it SUCCEEDED once the provider answered; one the outbox
 * already gave up on (FAILED, its amount refundable again) is never sent.
 */
export const PROVIDER_CALLS = {
  payment_intent_cancel: async (payload: { intentId: string; idempotencyKey: string }) => {
    const { provider } = await app.container.make(PaymentGateway)
    await provider.cancelIntent(payload.intentId, payload.idempotencyKey)
  },
  payment_refund: async ({ refundId, ...call }: RefundCall) => {
    const service = refundId ? await refunds() : null
    if (service && refundId && !(await service.isPending(refundId))) return
    const { provider } = await app.container.make(PaymentGateway)
    const refunded = await provider.refund(call)
    if (service && refundId) await service.succeed(refundId, refunded.id)
  },
} satisfies Record<string, (payload: any) => Promise<void>>

export type ProviderCallKind = keyof typeof PROVIDER_CALLS

/**
 * What becomes of a provider call's purpose when the outbox gives up on it (its last try
 * failed): a refund of a refunds row is FAILED and its amount refundable again.
 */
export const PROVIDER_CALL_GIVE_UPS: Partial<
  Record<ProviderCallKind, (payload: any) => Promise<void>>
> = {
  payment_refund: async (payload: RefundCall) => {
    if (!payload.refundId) return
    const service = await refunds()
    await service.fail(payload.refundId)
  },
}
