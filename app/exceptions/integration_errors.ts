import { domainErrors } from '#exceptions/domain_error'

/** Refusals of webhook endpoints and API keys (docs/api/integrations.md). */
export const {
  WebhookEndpointNotFound,
  WebhookDeliveryNotFound,
  WebhookUrlRefused,
  WebhookDeliveryPending,
  ApiKeyNotFound,
  ApiKeyInvalid,
  ApiKeyScopeMissing,
  ApiKeyNotAccepted,
} = domainErrors({
  WebhookEndpointNotFound: [404, 'WEBHOOK_ENDPOINT_NOT_FOUND', 'Webhook endpoint not found'],
  WebhookDeliveryNotFound: [404, 'WEBHOOK_DELIVERY_NOT_FOUND', 'Webhook delivery not found'],
  /** A scheme other than https (http outside production), or a host that is not public. */
  WebhookUrlRefused: [400, 'WEBHOOK_URL_REFUSED', 'This URL may not receive webhooks'],
  /** Redelivery of a delivery that is still being tried. */
  WebhookDeliveryPending: [
    409,
    'WEBHOOK_DELIVERY_PENDING',
    'The delivery is still being tried; redeliver it once it is delivered or failed',
  ],
  ApiKeyNotFound: [404, 'API_KEY_NOT_FOUND', 'API key not found'],
  /** Unknown, revoked, or its administrator no longer active: never told apart. */
  ApiKeyInvalid: [401, 'API_KEY_INVALID', 'The API key is not valid'],
  ApiKeyScopeMissing: [
    403,
    'API_KEY_SCOPE_MISSING',
    'The API key lacks the scope this route needs',
  ],
  /** Account, console and other routes never take a key, whatever its scopes. */
  ApiKeyNotAccepted: [403, 'API_KEY_NOT_ACCEPTED', 'This route does not accept API keys'],
})
