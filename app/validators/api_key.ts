import vine from '@vinejs/vine'
import { API_KEY_SCOPES } from '#enums/api_key_scope'
import { paginationFields } from '#validators/pagination'

/** `POST /api/v1/admin/api-keys`. */
export const createApiKeyValidator = vine.create(
  vine.object({
    name: vine.string().trim().minLength(1).maxLength(100),
    scopes: vine.array(vine.enum(API_KEY_SCOPES)).minLength(1).maxLength(20),
  })
)

/** `GET /api/v1/admin/api-keys`. */
export const apiKeyListValidator = vine.create(vine.object(paginationFields))
