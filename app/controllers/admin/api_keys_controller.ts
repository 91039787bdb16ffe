import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { ApiKeyService } from '#services/integrations/api_key_service'
import { createApiKeyValidator } from '#validators/api_key'
import { consolePageValidator } from '#validators/console_integrations'
import ApiKeyTransformer from '#transformers/api_key_transformer'
import { API_KEY_SCOPES } from '#enums/api_key_scope'
import IntegrationPolicy from '#policies/integration_policy'
import { listPage, pageSlice } from '#controllers/admin/console_pages'

/** Console: API keys; a new key is shown once, from the session's flash, on the list. */
@inject()
export default class ApiKeysController {
  constructor(protected keys: ApiKeyService) {}

  /** Every key, the new-key form, and a new key once. */
  async index({ bouncer, request, view }: HttpContext) {
    await bouncer.with(IntegrationPolicy).authorize('viewAny')
    const filters = await request.validateUsing(consolePageValidator, { data: request.qs() })
    const page = filters.page ?? 1
    const { items, total } = await this.keys.list(pageSlice(page))
    const apiKeys = listPage(
      items.map((apiKey) => ApiKeyTransformer.shape.write(apiKey)),
      total,
      page,
      urlFor('console.api_keys.index'),
      filters
    )
    return view.render('pages/admin/api_keys/index', {
      section: 'api_keys',
      apiKeys,
      scopes: API_KEY_SCOPES,
    })
  }

  async store({ actor, bouncer, request, response, session }: HttpContext) {
    await bouncer.with(IntegrationPolicy).authorize('create')
    const input = await request.validateUsing(createApiKeyValidator, { meta: { form: true } })
    const { apiKey, key } = await this.keys.create(actor, input)
    session.flash('apiKey', key)
    session.flash('success', `The key "${apiKey.name}" is created. Copy it now.`)
    return response.redirect().toRoute('console.api_keys.index')
  }

  /** Revokes a key at once. */
  async revoke({ actor, bouncer, params, response, session }: HttpContext) {
    await bouncer.with(IntegrationPolicy).authorize('delete')
    const apiKey = await this.keys.revoke(actor, params.id)
    session.flash('success', `The key "${apiKey.name}" (${apiKey.prefix}…) is revoked.`)
    return response.redirect().toRoute('console.api_keys.index')
  }
}
