import vine from '@vinejs/vine'
import { WEBHOOK_EVENTS } from '#enums/webhook_event'
import { paginationFields } from '#validators/pagination'
import { formText, fromForm, type FormFields } from '#validators/form'

/** A form's checkboxes: none checked sends nothing, one sends a string, several an array. */
function formList(value: unknown): unknown {
  if (value === undefined || value === null) return []
  return Array.isArray(value) ? value : [value]
}

/** The console's new-endpoint form as the JSON body. */
function endpointForm(fields: FormFields): FormFields {
  return {
    url: formText(fields.url),
    events: formList(fields.events),
    description: formText(fields.description),
  }
}

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

/** `POST /api/v1/admin/webhooks`, and the console's new-endpoint form (`meta: { form: true }`). */
export const createWebhookEndpointValidator = vine.create(
  vine
    .object({ url: url(), events: events(), description: description().optional() })
    .parse(fromForm(endpointForm))
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
