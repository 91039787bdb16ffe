import app from '@adonisjs/core/services/app'
import { PaymentGateway } from '#services/payments/payment_gateway'
import { PayoutTransfers, type TransferCall } from '#services/ledger/stripe_transfers'

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

/** The payout service, loaded when called, for the same reason. */
async function payouts() {
  const { PayoutService } = await import('#services/ledger/payout_service')
  return app.container.make(PayoutService)
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
  // A payout's Connect transfer (docs/api/payouts.md): PAID with the transfer's id once Stripe
  // answered; one an admin already settled by hand is not sent.
  payout_transfer: async (call: TransferCall) => {
    const service = await payouts()
    if (!(await service.isPending(call.payoutId))) return
    const transfers = await app.container.make(PayoutTransfers)
    const transferId = await transfers.transfer(call)
    await service.settleTransfer(call.payoutId, transferId)
  },
} satisfies Record<string, (payload: any) => Promise<void>>

export type ProviderCallKind = keyof typeof PROVIDER_CALLS

/**
 * What becomes of a provider call's purpose when the outbox gives up on it (its last try
 * failed): a refund of a refunds row is FAILED and its amount refundable again; a payout's
 * transfer makes the payout FAILED, its amount back in the shop's balance.
 */
export const PROVIDER_CALL_GIVE_UPS: Partial<
  Record<ProviderCallKind, (payload: any) => Promise<void>>
> = {
  payment_refund: async (payload: RefundCall) => {
    if (!payload.refundId) return
    const service = await refunds()
    await service.fail(payload.refundId)
  },
  payout_transfer: async (call: TransferCall) => {
    const service = await payouts()
    await service.failTransfer(call.payoutId)
  },
}
