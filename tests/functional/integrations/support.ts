/*
| The suite's own webhook receiver: an HTTP server on 127.0.0.1 that verifies every request's
| signature with the `standardwebhooks` package (the secret the API answered at creation), and
| records what it got. It answers `status` (204 by default); `down()` makes it answer 503.
*/
import { randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { ApiClient } from '@japa/api-client'
import { Webhook } from 'standardwebhooks'
import { actor } from '#tests/helpers/actors'
import { UserType } from '#enums/user_type'
import { WebhookDeliveryService } from '#services/integrations/webhook_delivery_service'
import { OutboxService } from '#services/mail/outbox_service'
import type { WebhookEventType } from '#enums/webhook_event'
import { DateTime } from 'luxon'
import WebhookEndpoint from '#models/webhook_endpoint'
import WebhookDelivery from '#models/webhook_delivery'
import { newWebhookSecret, sealSecrets } from '#services/integrations/webhook_secrets'

/** One request the receiver accepted (its signature verified). */
export interface ReceivedEvent {
  webhookId: string
  timestamp: string
  signature: string
  type: string
  data: Record<string, any>
}

export class WebhookReceiver {
  server?: Server
  url = ''
  /** The secrets a request may be signed with: it is verified when any of them verifies it. */
  secrets: string[] = []
  status = 204
  body = ''
  /** Extra response headers (a `location` for a redirect). */
  headers: Record<string, string> = {}
  /** Events whose signature verified, in the order they arrived. */
  received: ReceivedEvent[] = []
  /** Requests whose signature did not verify. */
  unverified = 0
  /** Every request, verified or not. */
  requests = 0

  async start() {
    this.server = createServer(async (request, response) => {
      this.requests += 1
      const raw = await bodyOf(request)
      const verified = this.#verify(raw, request)
      if (!verified) {
        this.unverified += 1
        response.writeHead(401).end('bad signature')
        return
      }
      if (this.status >= 200 && this.status < 300) {
        const event = JSON.parse(raw)
        this.received.push({
          webhookId: String(request.headers['webhook-id']),
          timestamp: String(request.headers['webhook-timestamp']),
          signature: String(request.headers['webhook-signature']),
          type: event.type,
          data: event.data,
        })
      }
      response
        .writeHead(this.status, { 'content-type': 'text/plain', ...this.headers })
        .end(this.body)
    })
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve))
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hooks`
    return this
  }

  #verify(raw: string, request: IncomingMessage): boolean {
    const headers = {
      'webhook-id': String(request.headers['webhook-id']),
      'webhook-timestamp': String(request.headers['webhook-timestamp']),
      'webhook-signature': String(request.headers['webhook-signature']),
    }
    return this.secrets.some((secret) => {
      try {
        new Webhook(secret).verify(raw, headers)
        return true
      } catch {
        return false
      }
    })
  }

  down() {
    this.status = 503
  }

  up() {
    this.status = 204
  }

  async stop() {
    await new Promise<void>((resolve) =>
      this.server ? this.server.close(() => resolve()) : resolve()
    )
  }
}

function bodyOf(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk) => chunks.push(chunk))
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
  })
}

/** An admin and a registered endpoint for `receiver`, its secret handed to the receiver. */
export async function registeredEndpoint(
  client: ApiClient,
  receiver: WebhookReceiver,
  events: WebhookEventType[] = ['order.placed', 'order.status_changed', 'order.cancelled']
) {
  const admin = await actor(UserType.ADMIN)
  const response = await client
    .post('/api/v1/admin/webhooks')
    .header('Authorization', admin.authorization)
    .json({ url: receiver.url, events })
  response.assertStatus(201)
  receiver.secrets.push(response.body().secret)
  return { admin, endpoint: response.body() as { id: string; secret: string } }
}

/** The outbox pass (fan-out of events) then the webhook pass, as the worker's tick runs them. */
export async function workerPass(webhooks = new WebhookDeliveryService()) {
  await new OutboxService().deliverDue(1000)
  return webhooks.deliverDue()
}

/** An endpoint stored directly (no request), and one delivered event of it, for page fixtures. */
export async function storedEndpoint(enabled = true) {
  const id = randomUUID()
  const endpoint = await WebhookEndpoint.create({
    id,
    url: 'http://127.0.0.1:9/hooks',
    description: '',
    events: ['order.placed'],
    secrets: sealSecrets(id, { current: newWebhookSecret() }),
    enabled,
    disabledReason: enabled ? null : 'manual',
    failingSince: null,
    createdBy: null,
  })
  const delivery = await WebhookDelivery.create({
    endpointId: endpoint.id,
    eventId: randomUUID(),
    eventType: 'order.placed',
    resourceKey: `order:${randomUUID()}`,
    payload: '{}',
    occurredAt: DateTime.now(),
    status: 'DELIVERED',
    attempts: 1,
    nextAttemptAt: DateTime.now(),
    lockedUntil: null,
    lastStatusCode: 204,
    lastDurationMs: 3,
    lastResponse: '',
    lastError: null,
    lastAttemptAt: DateTime.now(),
    deliveredAt: DateTime.now(),
  })
  return { endpoint, delivery }
}
