import { deletedSchema, pageOf, ref, type AreaPaths, type JsonSchema } from '#openapi/builders'
import { ADMIN_ROLES, bearer } from '#openapi/audience'
import {
  createWebhookEndpointValidator,
  updateWebhookEndpointValidator,
  webhookListValidator,
} from '#validators/webhook'
import { apiKeyListValidator, createApiKeyValidator } from '#validators/api_key'
import {
  ApiKeyNotFound,
  WebhookDeliveryNotFound,
  WebhookDeliveryPending,
  WebhookEndpointNotFound,
  WebhookUrlRefused,
} from '#exceptions/integration_errors'

const webhooks = bearer('Webhooks', ADMIN_ROLES, 'problem')
const apiKeys = bearer('API keys', ADMIN_ROLES, 'problem')
const list = webhookListValidator.toJSONSchema() as JsonSchema

const urlRules =
  'The URL must be https (http is accepted outside production) and its host must resolve to ' +
  'public addresses only: loopback, private, link-local (169.254.169.254), unique-local and ' +
  'IPv4-mapped forms of them are a 400 `WEBHOOK_URL_REFUSED` (unless the server runs with ' +
  '`WEBHOOK_ALLOW_PRIVATE=true`). The check is made again before every delivery.'

/** Routes of the integrations area (docs/api/integrations.md). */
export const integrationsPaths: AreaPaths = {
  '/api/v1/admin/webhooks': {
    post: {
      ...webhooks,
      operationId: 'createWebhookEndpoint',
      summary: 'Register a webhook endpoint; the signing secret is answered this once',
      description: urlRules,
      body: createWebhookEndpointValidator.toJSONSchema() as JsonSchema,
      responses: {
        201: { description: 'The endpoint and its secret', schema: ref('WebhookEndpointSecret') },
      },
      errors: [WebhookUrlRefused],
    },
    get: {
      ...webhooks,
      operationId: 'listWebhookEndpoints',
      summary: 'List webhook endpoints, newest first',
      query: list,
      responses: {
        200: { description: 'A page of endpoints', schema: pageOf(ref('WebhookEndpoint')) },
      },
    },
  },
  '/api/v1/admin/webhooks/{id}': {
    get: {
      ...webhooks,
      operationId: 'getWebhookEndpoint',
      summary: 'One webhook endpoint',
      pathParams: ['id'],
      responses: { 200: { description: 'The endpoint', schema: ref('WebhookEndpoint') } },
      errors: [WebhookEndpointNotFound],
    },
    put: {
      ...webhooks,
      operationId: 'updateWebhookEndpoint',
      summary: 'Change, enable or disable an endpoint (only the fields sent change)',
      description:
        `${urlRules} Enabling an endpoint clears its failure record; the deliveries waiting ` +
        'for it go out again.',
      pathParams: ['id'],
      body: updateWebhookEndpointValidator.toJSONSchema() as JsonSchema,
      responses: { 200: { description: 'The endpoint', schema: ref('WebhookEndpoint') } },
      errors: [WebhookEndpointNotFound, WebhookUrlRefused],
    },
    delete: {
      ...webhooks,
      operationId: 'deleteWebhookEndpoint',
      summary: 'Remove an endpoint and its delivery log',
      pathParams: ['id'],
      responses: { 200: { description: 'Removed', schema: deletedSchema } },
      errors: [WebhookEndpointNotFound],
    },
  },
  '/api/v1/admin/webhooks/{id}/rotate-secret': {
    post: {
      ...webhooks,
      operationId: 'rotateWebhookSecret',
      summary: 'A new signing secret; the previous one also signs for 24 hours',
      pathParams: ['id'],
      responses: {
        200: {
          description: 'The endpoint and its new secret',
          schema: ref('WebhookEndpointSecret'),
        },
      },
      errors: [WebhookEndpointNotFound],
    },
  },
  '/api/v1/admin/webhooks/{id}/deliveries': {
    get: {
      ...webhooks,
      operationId: 'listWebhookDeliveries',
      summary: "An endpoint's delivery log, newest first",
      pathParams: ['id'],
      query: list,
      responses: {
        200: { description: 'A page of deliveries', schema: pageOf(ref('WebhookDelivery')) },
      },
      errors: [WebhookEndpointNotFound],
    },
  },
  '/api/v1/admin/webhooks/deliveries/{id}/redeliver': {
    post: {
      ...webhooks,
      operationId: 'redeliverWebhook',
      summary: 'Send a delivered or failed delivery again (same webhook-id and body)',
      description: 'Queued for the next delivery pass; a new retry window starts.',
      pathParams: ['id'],
      responses: { 202: { description: 'The delivery, PENDING', schema: ref('WebhookDelivery') } },
      errors: [WebhookDeliveryNotFound, WebhookDeliveryPending],
    },
  },
  '/api/v1/admin/api-keys': {
    post: {
      ...apiKeys,
      operationId: 'createApiKey',
      summary: 'Create an API key; the key is answered this once',
      body: createApiKeyValidator.toJSONSchema() as JsonSchema,
      responses: { 201: { description: 'The key', schema: ref('NewApiKey') } },
    },
    get: {
      ...apiKeys,
      operationId: 'listApiKeys',
      summary: 'List API keys (revoked ones included), newest first',
      query: apiKeyListValidator.toJSONSchema() as JsonSchema,
      responses: { 200: { description: 'A page of keys', schema: pageOf(ref('ApiKey')) } },
    },
  },
  '/api/v1/admin/api-keys/{id}': {
    delete: {
      ...apiKeys,
      operationId: 'revokeApiKey',
      summary: 'Revoke a key, at once on every instance (revoking twice changes nothing)',
      pathParams: ['id'],
      responses: { 200: { description: 'The key, revoked', schema: ref('ApiKey') } },
      errors: [ApiKeyNotFound],
    },
  },
}
