import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { ApiKeyService } from '#services/integrations/api_key_service'
import { apiKeyListValidator, createApiKeyValidator } from '#validators/api_key'
import { pageRequest } from '#validators/pagination'
import ApiKeyTransformer, { NewApiKeyTransformer } from '#transformers/api_key_transformer'
import { serialize } from '#http/serialize'
import { page } from '#http/page'
import IntegrationPolicy from '#policies/integration_policy'

/** API keys for integrations: `/api/v1/admin/api-keys`. */
@inject()
export default class AdminApiKeysController {
  constructor(protected keys: ApiKeyService) {}

  async index({ bouncer, request }: HttpContext) {
    await bouncer.with(IntegrationPolicy).authorize('viewAny')
    const query = await request.validateUsing(apiKeyListValidator, { data: request.qs() })
    const slice = pageRequest(query)
    const result = await this.keys.list(slice)
    return page(ApiKeyTransformer.transform(result.items), result.total, slice)
  }

  /** Creates a key; the key is in this answer and never again. */
  async store({ actor, bouncer, request, response }: HttpContext) {
    await bouncer.with(IntegrationPolicy).authorize('create')
    const input = await request.validateUsing(createApiKeyValidator, { data: request.body() })
    const created = await this.keys.create(actor, input)
    return response.created(await serialize(NewApiKeyTransformer.transform(created)))
  }

  /** Revokes the key, at once on every instance. */
  async destroy({ actor, bouncer, params }: HttpContext) {
    await bouncer.with(IntegrationPolicy).authorize('delete')
    const apiKey = await this.keys.revoke(actor, params.id)
    return serialize(ApiKeyTransformer.transform(apiKey))
  }
}
