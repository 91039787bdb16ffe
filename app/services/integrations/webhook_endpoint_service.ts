import { randomUUID } from 'node:crypto'
import { inject } from '@adonisjs/core'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import WebhookEndpoint from '#models/webhook_endpoint'
import WebhookDelivery from '#models/webhook_delivery'
import type { WebhookEventType } from '#enums/webhook_event'
import {
  WebhookDeliveryNotFound,
  WebhookDeliveryPending,
  WebhookEndpointNotFound,
  WebhookUrlRefused,
} from '#exceptions/integration_errors'
import { AuditTrail } from '#services/admin/audit_trail_service'
import { checkDestination, RefusedDestination } from '#services/integrations/webhook_destination'
import {
  newWebhookSecret,
  openSecrets,
  rotatedSecrets,
  sealSecrets,
} from '#services/integrations/webhook_secrets'
import { pageOf, type PageRequest, type PageResult } from '#support/paging'
import { sqlTime } from '#support/sql_time'
import type { Actor } from '#support/actor'

/** An endpoint as an administrator registers it. */
export interface WebhookEndpointInput {
  url: string
  events: WebhookEventType[]
  description?: string
}

/** A change to an endpoint: only the fields given change. */
export interface WebhookEndpointChange extends Partial<WebhookEndpointInput> {
  enabled?: boolean
}

/** An endpoint with its signing secret in clear: answered once, at creation or rotation. */
export interface EndpointWithSecret {
  endpoint: WebhookEndpoint
  secret: string
}

/**
 * Webhook endpoints (docs/api/integrations.md): registration with the destination checked (SSRF),
 * a secret shown once, rotation with an overlap, enabling and disabling, the delivery log and
 * redelivery. Every change is recorded in the audit trail within its transaction.
 */
@inject()
export class WebhookEndpointService {
  constructor(protected audit: AuditTrail) {}

  async list(page: PageRequest): Promise<PageResult<WebhookEndpoint>> {
    return pageOf(WebhookEndpoint.query(), page, (query) =>
      query.orderBy('created_at', 'desc').orderBy('id', 'asc')
    )
  }

  async find(id: string): Promise<WebhookEndpoint> {
    const endpoint = await WebhookEndpoint.find(id)
    if (!endpoint) throw new WebhookEndpointNotFound()
    return endpoint
  }

  /** Registers an endpoint; a URL that may not receive webhooks is a 400 on `url`. */
  async create(actor: Actor, input: WebhookEndpointInput): Promise<EndpointWithSecret> {
    await assertDestination(input.url)
    const secret = newWebhookSecret()
    const endpoint = new WebhookEndpoint()
    endpoint.id = randomUUID()
    endpoint.merge({
      url: input.url,
      events: uniqueEvents(input.events),
      description: input.description ?? '',
      secrets: sealSecrets(endpoint.id, { current: secret }),
      enabled: true,
      disabledReason: null,
      failingSince: null,
      createdBy: actor.user.id,
    })
    await db.transaction(async (trx) => {
      endpoint.useTransaction(trx)
      await endpoint.save()
      await this.audit.record(trx, {
        actor,
        action: 'webhook_endpoint.created',
        targetType: 'webhook_endpoint',
        targetId: endpoint.id,
        before: null,
        after: auditedFields(endpoint),
      })
    })
    return { endpoint, secret }
  }

  /**
   * Changes the fields given. Enabling an endpoint clears its failure record (its pending
   * deliveries go out again); disabling it keeps them waiting.
   */
  async update(actor: Actor, id: string, change: WebhookEndpointChange): Promise<WebhookEndpoint> {
    if (change.url !== undefined) await assertDestination(change.url)
    return db.transaction(async (trx) => {
      const endpoint = await WebhookEndpoint.query({ client: trx })
        .where('id', id)
        .forUpdate()
        .first()
      if (!endpoint) throw new WebhookEndpointNotFound()
      const before = auditedFields(endpoint)
      if (change.url !== undefined) endpoint.url = change.url
      if (change.events !== undefined) endpoint.events = uniqueEvents(change.events)
      if (change.description !== undefined) endpoint.description = change.description
      if (change.enabled === true && !endpoint.enabled) {
        endpoint.merge({ enabled: true, disabledReason: null, failingSince: null })
      } else if (change.enabled === false && endpoint.enabled) {
        endpoint.merge({ enabled: false, disabledReason: 'manual' })
      }
      await endpoint.save()
      await this.audit.recordUpdate(
        trx,
        actor,
        { action: 'webhook_endpoint.updated', targetType: 'webhook_endpoint', targetId: id },
        before,
        auditedFields(endpoint)
      )
      return endpoint
    })
  }

  /** A new secret; the previous one keeps signing for 24 hours beside it. */
  async rotateSecret(actor: Actor, id: string): Promise<EndpointWithSecret> {
    const secret = newWebhookSecret()
    const endpoint = await db.transaction(async (trx) => {
      const row = await WebhookEndpoint.query({ client: trx }).where('id', id).forUpdate().first()
      if (!row) throw new WebhookEndpointNotFound()
      row.secrets = sealSecrets(row.id, rotatedSecrets(openSecrets(row), secret, DateTime.now()))
      await row.save()
      await this.audit.record(trx, {
        actor,
        action: 'webhook_endpoint.secret_rotated',
        targetType: 'webhook_endpoint',
        targetId: row.id,
      })
      return row
    })
    return { endpoint, secret }
  }

  /** Removes the endpoint and its delivery log. */
  async delete(actor: Actor, id: string): Promise<void> {
    await db.transaction(async (trx) => {
      const endpoint = await WebhookEndpoint.query({ client: trx }).where('id', id).first()
      if (!endpoint) throw new WebhookEndpointNotFound()
      await trx.from('webhook_deliveries').where('endpoint_id', id).delete()
      await endpoint.useTransaction(trx).delete()
      await this.audit.record(trx, {
        actor,
        action: 'webhook_endpoint.deleted',
        targetType: 'webhook_endpoint',
        targetId: id,
        before: auditedFields(endpoint),
        after: null,
      })
    })
  }

  /** The endpoint's deliveries, newest first. */
  async deliveries(endpointId: string, page: PageRequest): Promise<PageResult<WebhookDelivery>> {
    await this.find(endpointId)
    return pageOf(WebhookDelivery.query().where('endpoint_id', endpointId), page, (query) =>
      query.orderBy('created_at', 'desc').orderBy('occurred_at', 'desc').orderBy('id', 'asc')
    )
  }

  async findDelivery(id: string): Promise<WebhookDelivery> {
    const delivery = await WebhookDelivery.find(id)
    if (!delivery) throw new WebhookDeliveryNotFound()
    return delivery
  }

  /**
   * Sends a delivered or failed delivery again, with the same `webhook-id` and body, at the next
   * pass. One still pending is a 409: it is being tried already. The conditional update decides,
   * so two redeliveries at once queue it once.
   */
  async redeliver(_actor: Actor, id: string): Promise<WebhookDelivery> {
    await this.findDelivery(id)
    const now = sqlTime()
    const updated = await db
      .from('webhook_deliveries')
      .where('id', id)
      .whereNot('status', 'PENDING')
      .update({
        status: 'PENDING',
        next_attempt_at: now,
        locked_until: null,
        created_at: now,
        updated_at: now,
      })
    if (Number(updated) === 0) throw new WebhookDeliveryPending()
    return this.findDelivery(id)
  }
}

/** Refuses a URL the destination check refuses, as a 400 on `url`. */
async function assertDestination(url: string) {
  try {
    await checkDestination(url)
  } catch (error) {
    if (!(error instanceof RefusedDestination)) throw error
    throw new WebhookUrlRefused(undefined, { fields: [{ field: 'url', message: error.message }] })
  }
}

function uniqueEvents(events: WebhookEventType[]): WebhookEventType[] {
  return [...new Set(events)]
}

function auditedFields(endpoint: WebhookEndpoint) {
  return {
    url: endpoint.url,
    events: endpoint.events,
    description: endpoint.description,
    enabled: endpoint.enabled,
  }
}
