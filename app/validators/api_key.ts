import vine from '@vinejs/vine'
import { API_KEY_SCOPES } from '#enums/api_key_scope'
import { paginationFields } from '#validators/pagination'
import { formText, fromForm, type FormFields } from '#validators/form'

/** The console's new-key form as the JSON body: checked scopes as a list. */
function apiKeyForm(fields: FormFields): FormFields {
  const scopes = fields.scopes
  return {
    name: formText(fields.name),
    scopes:
      scopes === undefined || scopes === null ? [] : Array.isArray(scopes) ? scopes : [scopes],
  }
}

/** `POST /api/v1/admin/api-keys`, and the console's new-key form (`meta: { form: true }`). */
export const createApiKeyValidator = vine.create(
  vine
    .object({
      name: vine.string().trim().minLength(1).maxLength(100),
      scopes: vine.array(vine.enum(API_KEY_SCOPES)).minLength(1).maxLength(20),
    })
    .parse(fromForm(apiKeyForm))
)

/** `GET /api/v1/admin/api-keys`. */
export const apiKeyListValidator = vine.create(vine.object(paginationFields))
