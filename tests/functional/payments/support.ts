import app from '@adonisjs/core/services/app'
import type { ApiClient } from '@japa/api-client'
import type { Group } from '@japa/runner/core'
import db from '@adonisjs/lucid/services/db'
import { PayoutTransfers } from '#services/ledger/stripe_transfers'
import { PaymentGateway } from '#services/payments/payment_gateway'
import { StripeProvider } from '#services/payments/stripe_provider'
import { OutboxService } from '#services/mail/outbox_service'
import {
  StripeServer,
  TEST_SECRET_KEY,
  TEST_WEBHOOK_SECRET,
  signatureOf,
  stripeEvent,
} from '#tests/helpers/stripe_server'

export const WEBHOOK = '/api/v1/payments/stripe/webhook'
export const paymentUrl = (checkoutId: string) => `/api/v1/checkouts/${checkoutId}/payment`

/** How long the provider waits for the stand-in before the placement answers 503. */
export const PROVIDER_TIMEOUT_MS = 1000

/**
 * Runs the tests of `group` with `PAYMENT_PROVIDER=stripe` against the suite's own Stripe
 * stand-in: started once for the group, its calls cleared and the gateway (and the payouts'
 * Connect transfers) swapped for each test.
 */
export function withStripe(group: Group): StripeServer {
  const stripe = new StripeServer()
  group.setup(async () => {
    await stripe.start()
    return () => stripe.stop()
  })
  group.each.setup(() => {
    stripe.calls.length = 0
    const provider = new StripeProvider({
      secretKey: TEST_SECRET_KEY,
      webhookSecret: TEST_WEBHOOK_SECRET,
      apiBase: stripe.url,
      timeoutMs: PROVIDER_TIMEOUT_MS,
    })
    app.container.swap(PaymentGateway, () => PaymentGateway.using(provider))
    app.container.swap(PayoutTransfers, () => PayoutTransfers.using(provider))
    return () => {
      app.container.restore(PaymentGateway)
      app.container.restore(PayoutTransfers)
    }
  })
  return stripe
}

/** POSTs `event` to the webhook, signed unless `signature` says otherwise (null: no header). */
export function postWebhook(
  client: ApiClient,
  event: Record<string, unknown>,
  options: { signature?: string | null; timestamp?: number } = {}
) {
  const payload = JSON.stringify(event)
  const request = client.post(WEBHOOK).type('application/json').unsafeJson(payload)
  const signature =
    options.signature === undefined
      ? signatureOf(payload, { timestamp: options.timestamp })
      : options.signature
  if (signature !== null) request.header('Stripe-Signature', signature)
  return request
}

/** The Stripe event of the PaymentIntent `intentId` of `checkoutId`. */
export function intentEvent(
  type: string,
  intentId: string,
  checkoutId: string,
  amount: number,
  id?: string
) {
  return stripeEvent(
    type,
    {
      id: intentId,
      object: 'payment_intent',
      amount,
      amount_received: type === 'payment_intent.succeeded' ? amount : 0,
      currency: 'usd',
      metadata: { checkoutId },
      status: type === 'payment_intent.succeeded' ? 'succeeded' : 'requires_payment_method',
    },
    id
  )
}

/** The payment row of a checkout. */
export function paymentRow(checkoutId: string) {
  return db.from('payments').where('checkout_id', checkoutId).firstOrFail()
}

/** Sends what the outbox holds (mail and provider calls) now. */
export async function drainOutbox() {
  return new OutboxService().deliverDue(500)
}

/** The outbox rows of `kind` whose payload mentions `text`. */
export function outboxRows(kind: string, text: string) {
  return db.from('outbox_messages').where('kind', kind).whereLike('payload', `%${text}%`)
}
