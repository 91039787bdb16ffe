import vine from '@vinejs/vine'
import { WEBHOOK_EVENTS } from '#enums/webhook_event'
import { paginationFields } from '#validators/pagination'

/**
 * An absolute http(s) URL. Whether http is allowed, and where the host resolves, is the service's
 * check (app/services/integrations/webhook_destination.ts); any other scheme stops here.
 */
const url = () =>
  vine
    .string()
    .trim()
    .maxLength(2048)
    .url({ protocols: ['http', 'https'], require_protocol: true, require_tld: false })

const events = () => vine.array(vine.enum(WEBHOOK_EVENTS)).minLength(1).maxLength(50)

const description = () => vine.string().trim().maxLength(500)

/** `POST /api/v1/admin/webhooks`. */
export const createWebhookEndpointValidator = vine.create(
  vine.object({ url: url(), events: events(), description: description().optional() })
)

/** `PUT /api/v1/admin/webhooks/{id}`: only the fields sent change. */
export const updateWebhookEndpointValidator = vine.create(
  vine.object({
    url: url().optional(),
    events: events().optional(),
    description: description().optional(),
    enabled: vine.boolean({ strict: true }).optional(),
  })
)

/** The endpoint and delivery lists. */
export const webhookListValidator = vine.create(vine.object(paginationFields))
