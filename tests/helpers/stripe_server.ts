import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import Stripe from 'stripe'

/** One call the server received, as the SDK sent it. */
export interface StripeCall {
  method: string
  path: string
  idempotencyKey: string | undefined
  /** The form body, decoded: `metadata[checkoutId]` stays a flat key. */
  body: Record<string, string>
}

/** What the next calls get instead of an answer. */
type Trouble = { kind: 'fail'; status: number } | { kind: 'slow'; ms: number }

export const TEST_SECRET_KEY = 'sk_test_payments_suite'
export const TEST_WEBHOOK_SECRET = 'whsec_payments_suite'

/**
 * A Stripe stand-in for the suite, on 127.0.0.1 and a free port: it answers the calls the
 * service makes (create and cancel a PaymentIntent, create a refund or a Connect transfer) as
 * Stripe does, replays an
 * answer for a repeated Idempotency-Key as Stripe does, records every call, and fails or stalls
 * the next calls on demand (`failNext`, `stallNext`: the stalled call is answered after `ms`, as
 * a slow Stripe would still create the intent after the client gave up).
 */
export class StripeServer {
  readonly calls: StripeCall[] = []
  #server?: Server
  #troubles: Trouble[] = []
  #replies = new Map<string, { status: number; body: unknown }>()
  #intents = new Map<string, Record<string, unknown>>()
  #sequence = 0

  get url() {
    const { port } = this.#server!.address() as AddressInfo
    return `http://127.0.0.1:${port}`
  }

  async start() {
    this.#server = createServer((request, response) => this.#handle(request, response))
    await new Promise<void>((resolve) => this.#server!.listen(0, '127.0.0.1', () => resolve()))
    return this
  }

  async stop() {
    const server = this.#server
    if (!server) return
    server.closeAllConnections()
    await new Promise<void>((resolve) => server.close(() => resolve()))
  }

  /** The next `times` calls answer `status` with a Stripe error body. */
  failNext(times = 1, status = 500) {
    for (let index = 0; index < times; index++) this.#troubles.push({ kind: 'fail', status })
  }

  /** The next call is answered, normally, only after `ms`. */
  stallNext(ms: number) {
    this.#troubles.push({ kind: 'slow', ms })
  }

  /** The calls to `path` (a prefix), in order. */
  callsTo(method: string, path: string) {
    return this.calls.filter((call) => call.method === method && call.path.startsWith(path))
  }

  /** Intents created, distinct by id. */
  intentIds() {
    return [...this.#intents.keys()]
  }

  /** The intents created for `checkoutId` (its metadata), as Stripe holds them. */
  intentsOf(checkoutId: string) {
    return [...this.#intents.values()].filter(
      (intent) => (intent.metadata as { checkoutId?: string }).checkoutId === checkoutId
    )
  }

  async #handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    const body = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')))
    const idempotencyKey = request.headers['idempotency-key'] as string | undefined
    const call = { method: request.method!, path: request.url!.split('?')[0], idempotencyKey, body }
    this.calls.push(call)

    const trouble = this.#troubles.shift()
    if (trouble?.kind === 'fail') {
      return send(response, trouble.status, {
        error: { type: 'api_error', message: 'The stand-in was told to fail' },
      })
    }
    if (trouble?.kind === 'slow') await new Promise((resolve) => setTimeout(resolve, trouble.ms))

    const replayKey = idempotencyKey ? `${call.method} ${call.path} ${idempotencyKey}` : null
    const replayed = replayKey ? this.#replies.get(replayKey) : undefined
    const reply = replayed ?? this.#answer(call)
    if (replayKey && !replayed) this.#replies.set(replayKey, reply)
    if (!response.destroyed) send(response, reply.status, reply.body)
  }

  #answer(call: StripeCall): { status: number; body: unknown } {
    if (call.method === 'POST' && call.path === '/v1/payment_intents') {
      const id = `pi_test_${++this.#sequence}`
      const intent = {
        id,
        object: 'payment_intent',
        amount: Number(call.body.amount),
        currency: call.body.currency,
        client_secret: `${id}_secret_${this.#sequence}`,
        status: 'requires_payment_method',
        metadata: { checkoutId: call.body['metadata[checkoutId]'] },
      }
      this.#intents.set(id, intent)
      return { status: 200, body: intent }
    }
    const cancel = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(call.path)
    if (call.method === 'POST' && cancel) {
      const intent = this.#intents.get(cancel[1])
      if (!intent) return notFound(cancel[1])
      intent.status = 'canceled'
      return { status: 200, body: intent }
    }
    if (call.method === 'POST' && call.path === '/v1/refunds') {
      return {
        status: 200,
        body: {
          id: `re_test_${++this.#sequence}`,
          object: 'refund',
          amount: Number(call.body.amount),
          payment_intent: call.body.payment_intent,
          status: 'succeeded',
        },
      }
    }
    if (call.method === 'POST' && call.path === '/v1/transfers') {
      return {
        status: 200,
        body: {
          id: `tr_test_${++this.#sequence}`,
          object: 'transfer',
          amount: Number(call.body.amount),
          currency: call.body.currency,
          destination: call.body.destination,
          metadata: { payoutId: call.body['metadata[payoutId]'] },
        },
      }
    }
    return notFound(call.path)
  }
}

function notFound(what: string) {
  return {
    status: 404,
    body: { error: { type: 'invalid_request_error', message: `No such resource: ${what}` } },
  }
}

function send(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_test' })
  response.end(JSON.stringify(body))
}

const signer = new Stripe(TEST_SECRET_KEY)

/** A Stripe event of `type` about `object`, as the webhook receives it. */
export function stripeEvent(type: string, object: Record<string, unknown>, id?: string) {
  return {
    id: id ?? `evt_${Math.random().toString(36).slice(2)}`,
    object: 'event',
    type,
    api_version: '2025-01-27',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: { object },
  }
}

/** The Stripe-Signature header of `payload`, signed with `secret` at `timestamp` (seconds). */
export function signatureOf(
  payload: string,
  options: { secret?: string; timestamp?: number } = {}
) {
  return signer.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? TEST_WEBHOOK_SECRET,
    timestamp: options.timestamp,
  })
}
