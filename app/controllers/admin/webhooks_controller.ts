import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { WebhookEndpointService } from '#services/integrations/webhook_endpoint_service'
import { createWebhookEndpointValidator } from '#validators/webhook'
import { consolePageValidator } from '#validators/console_integrations'
import WebhookEndpointTransformer, {
  WebhookDeliveryTransformer,
} from '#transformers/webhook_transformer'
import { WEBHOOK_EVENTS } from '#enums/webhook_event'
import IntegrationPolicy from '#policies/integration_policy'
import { listPage, pageSlice } from '#controllers/admin/console_pages'

const endpointResource = (endpoint: Parameters<typeof WebhookEndpointTransformer.shape.write>[0]) =>
  WebhookEndpointTransformer.shape.write(endpoint)

/**
 * Console: webhook endpoints with the API's rules (docs/api/integrations.md). A new secret is
 * shown once, on the page the creation or rotation redirects to, from the session's flash.
 */
@inject()
export default class WebhooksController {
  constructor(protected endpoints: WebhookEndpointService) {}

  async index({ bouncer, request, view }: HttpContext) {
    await bouncer.with(IntegrationPolicy).authorize('viewAny')
    const filters = await request.validateUsing(consolePageValidator, { data: request.qs() })
    const page = filters.page ?? 1
    const { items, total } = await this.endpoints.list(pageSlice(page))
    const endpoints = listPage(
      items.map(endpointResource),
      total,
      page,
      urlFor('console.webhooks.index'),
      filters
    )
    return view.render('pages/admin/webhooks/index', { section: 'webhooks', endpoints })
  }

  async create({ bouncer, view }: HttpContext) {
    await bouncer.with(IntegrationPolicy).authorize('create')
    return view.render('pages/admin/webhooks/new', {
      section: 'webhooks',
      events: WEBHOOK_EVENTS,
      values: { url: '', description: '', events: [] },
    })
  }

  async store({ actor, bouncer, request, response, session }: HttpContext) {
    await bouncer.with(IntegrationPolicy).authorize('create')
    const input = await request.validateUsing(createWebhookEndpointValidator, {
      meta: { form: true },
    })
    const { endpoint, secret } = await this.endpoints.create(actor, input)
    session.flash('secret', secret)
    session.flash('success', 'The endpoint is registered. Copy its signing secret now.')
    return response.redirect().toRoute('console.webhooks.show', { id: endpoint.id })
  }

  /** One endpoint, its delivery log, and its actions. */
  async show({ bouncer, params, request, view }: HttpContext) {
    await bouncer.with(IntegrationPolicy).authorize('viewAny')
    const filters = await request.validateUsing(consolePageValidator, { data: request.qs() })
    const page = filters.page ?? 1
    const endpoint = await this.endpoints.find(params.id)
    const { items, total } = await this.endpoints.deliveries(params.id, pageSlice(page))
    const deliveries = listPage(
      items.map((delivery) => WebhookDeliveryTransformer.shape.write(delivery)),
      total,
      page,
      urlFor('console.webhooks.show', { id: params.id }),
      filters
    )
    return view.render('pages/admin/webhooks/show', {
      section: 'webhooks',
      endpoint: endpointResource(endpoint),
      deliveries,
    })
  }

  async enable(ctx: HttpContext) {
    return this.#setEnabled(ctx, true)
  }

  async disable(ctx: HttpContext) {
    return this.#setEnabled(ctx, false)
  }

  async rotateSecret({ actor, bouncer, params, response, session }: HttpContext) {
    await bouncer.with(IntegrationPolicy).authorize('update')
    const { secret } = await this.endpoints.rotateSecret(actor, params.id)
    session.flash('secret', secret)
    session.flash(
      'success',
      'A new signing secret is issued; the previous one keeps signing for 24 hours.'
    )
    return response.redirect().toRoute('console.webhooks.show', { id: params.id })
  }

  async redeliver({ actor, bouncer, params, response, session }: HttpContext) {
    await bouncer.with(IntegrationPolicy).authorize('update')
    const delivery = await this.endpoints.redeliver(actor, params.id)
    session.flash('success', `Delivery ${delivery.eventId} is queued again.`)
    return response.redirect().toRoute('console.webhooks.show', { id: delivery.endpointId })
  }

  async #setEnabled({ actor, bouncer, params, response, session }: HttpContext, enabled: boolean) {
    await bouncer.with(IntegrationPolicy).authorize('update')
    await this.endpoints.update(actor, params.id, { enabled })
    session.flash('success', enabled ? 'The endpoint is enabled.' : 'The endpoint is disabled.')
    return response.redirect().toRoute('console.webhooks.show', { id: params.id })
  }
}
