import type WebhookEndpoint from '#models/webhook_endpoint'
import type WebhookDelivery from '#models/webhook_delivery'
import { WEBHOOK_EVENTS } from '#enums/webhook_event'
import { objectOf, uuid, type JsonSchema } from '#openapi/json_schema'
import ApiTransformer from '#transformers/api_transformer'
import {
  field,
  instantField,
  instantText,
  nullableInstantField,
  shapeOf,
} from '#transformers/shape'
import type { EndpointWithSecret } from '#services/integrations/webhook_endpoint_service'

/** A webhook endpoint, without its secrets (answered only once, by `WebhookSecretTransformer`). */
export default class WebhookEndpointTransformer extends ApiTransformer<WebhookEndpoint> {
  static readonly shape = shapeOf<WebhookEndpoint>()({
    id: field(uuid, 'id'),
    url: field({ type: 'string', format: 'uri' }, 'url'),
    description: field({ type: 'string' }, 'description'),
    events: field(
      { type: 'array', items: { type: 'string', enum: [...WEBHOOK_EVENTS] } },
      'events'
    ),
    enabled: field({ type: 'boolean' }, 'enabled'),
    disabledReason: field(
      {
        type: ['string', 'null'],
        enum: ['manual', 'failing', null],
        description: '`failing`: disabled after three days of failed deliveries',
      },
      'disabledReason'
    ),
    failingSince: nullableInstantField('failingSince'),
    createdAt: instantField('createdAt'),
    updatedAt: instantField('updatedAt'),
  })

  toObject() {
    return WebhookEndpointTransformer.shape.write(this.resource)
  }
}

const secretProperty: JsonSchema = {
  type: 'string',
  pattern: '^whsec_',
  description: 'The signing secret (Standard Webhooks); shown this once',
}

/** An endpoint and its new signing secret: the answer of creation and rotation. */
export class WebhookSecretTransformer extends ApiTransformer<EndpointWithSecret> {
  static readonly schema: JsonSchema = objectOf({
    ...(WebhookEndpointTransformer.shape.schema.properties as Record<string, JsonSchema>),
    secret: secretProperty,
  })

  toObject() {
    return {
      ...WebhookEndpointTransformer.shape.write(this.resource.endpoint),
      secret: this.resource.secret,
    }
  }
}

/** One event for one endpoint and its latest attempt; at most 1 KB of the answer is kept. */
export class WebhookDeliveryTransformer extends ApiTransformer<WebhookDelivery> {
  static readonly shape = shapeOf<WebhookDelivery>()({
    id: field(uuid, 'id'),
    endpointId: field(uuid, 'endpointId'),
    webhookId: field(
      { type: 'string', description: 'The `webhook-id` header, the same on every attempt' },
      'eventId'
    ),
    eventType: field({ type: 'string', enum: [...WEBHOOK_EVENTS] }, 'eventType'),
    status: field({ type: 'string', enum: ['PENDING', 'DELIVERED', 'FAILED'] }, 'status'),
    attempts: field({ type: 'integer', minimum: 0 }, 'attempts'),
    lastStatusCode: field(
      { type: ['integer', 'null'], description: 'null when no answer came (timeout, refused)' },
      'lastStatusCode'
    ),
    lastDurationMs: field({ type: ['integer', 'null'], minimum: 0 }, 'lastDurationMs'),
    lastResponse: field(
      { type: ['string', 'null'], maxLength: 1024, description: 'The first 1 KB of the answer' },
      'lastResponse'
    ),
    lastError: field({ type: ['string', 'null'] }, 'lastError'),
    lastAttemptAt: nullableInstantField('lastAttemptAt'),
    nextAttemptAt: field(
      { type: ['string', 'null'], format: 'date-time', description: 'null unless PENDING' },
      (delivery) => (delivery.status === 'PENDING' ? instantText(delivery.nextAttemptAt) : null)
    ),
    deliveredAt: nullableInstantField('deliveredAt'),
    occurredAt: instantField('occurredAt'),
    createdAt: instantField('createdAt'),
  })

  toObject() {
    return WebhookDeliveryTransformer.shape.write(this.resource)
  }
}
