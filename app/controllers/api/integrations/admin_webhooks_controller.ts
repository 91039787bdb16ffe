import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { WebhookEndpointService } from '#services/integrations/webhook_endpoint_service'
import {
  createWebhookEndpointValidator,
  updateWebhookEndpointValidator,
  webhookListValidator,
} from '#validators/webhook'
import { pageRequest } from '#validators/pagination'
import WebhookEndpointTransformer, {
  WebhookDeliveryTransformer,
  WebhookSecretTransformer,
} from '#transformers/webhook_transformer'
import { serialize } from '#http/serialize'
import { page } from '#http/page'
import IntegrationPolicy from '#policies/integration_policy'

/** Webhook endpoints and their delivery log: `/api/v1/admin/webhooks`. */
@inject()
export default class AdminWebhooksController {
  constructor(protected endpoints: WebhookEndpointService) {}

  async index({ bouncer, request }: HttpContext) {
    await bouncer.with(IntegrationPolicy).authorize('viewAny')
    const query = await request.validateUsing(webhookListValidator, { data: request.qs() })
    const slice = pageRequest(query)
    const result = await this.endpoints.list(slice)
    return page(WebhookEndpointTransformer.transform(result.items), result.total, slice)
  }

  /** Registers an endpoint; its secret is in this answer and never again. */
  async store({ actor, bouncer, request, response }: HttpContext) {
    await bouncer.with(IntegrationPolicy).authorize('create')
    const input = await request.validateUsing(createWebhookEndpointValidator, {
      data: request.body(),
    })
    const created = await this.endpoints.create(actor, input)
    return response.created(await serialize(WebhookSecretTransformer.transform(created)))
  }

  async show({ bouncer, params }: HttpContext) {
    await bouncer.with(IntegrationPolicy).authorize('viewAny')
    const endpoint = await this.endpoints.find(params.id)
    return serialize(WebhookEndpointTransformer.transform(endpoint))
  }

  async update({ actor, bouncer, params, request }: HttpContext) {
    await bouncer.with(IntegrationPolicy).authorize('update')
    const input = await request.validateUsing(updateWebhookEndpointValidator, {
      data: request.body(),
    })
    const endpoint = await this.endpoints.update(actor, params.id, input)
    return serialize(WebhookEndpointTransformer.transform(endpoint))
  }

  async destroy({ actor, bouncer, params }: HttpContext) {
    await bouncer.with(IntegrationPolicy).authorize('delete')
    await this.endpoints.delete(actor, params.id)
    return { id: params.id, deleted: true }
  }

  /** A new secret, in this answer only; the previous one signs beside it for 24 hours. */
  async rotateSecret({ actor, bouncer, params }: HttpContext) {
    await bouncer.with(IntegrationPolicy).authorize('update')
    const rotated = await this.endpoints.rotateSecret(actor, params.id)
    return serialize(WebhookSecretTransformer.transform(rotated))
  }

  async deliveries({ bouncer, params, request }: HttpContext) {
    await bouncer.with(IntegrationPolicy).authorize('viewAny')
    const query = await request.validateUsing(webhookListValidator, { data: request.qs() })
    const slice = pageRequest(query)
    const result = await this.endpoints.deliveries(params.id, slice)
    return page(WebhookDeliveryTransformer.transform(result.items), result.total, slice)
  }

  async redeliver({ actor, bouncer, params, response }: HttpContext) {
    await bouncer.with(IntegrationPolicy).authorize('update')
    const delivery = await this.endpoints.redeliver(actor, params.id)
    return response.accepted(await serialize(WebhookDeliveryTransformer.transform(delivery)))
  }
}
