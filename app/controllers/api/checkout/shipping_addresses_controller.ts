import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { ShippingAddressService } from '#services/checkout/shipping_address_service'
import {
  createShippingAddressValidator,
  shippingAddressListValidator,
  updateShippingAddressValidator,
} from '#validators/shipping_address'
import { pageRequest } from '#validators/pagination'
import ShippingAddressTransformer from '#transformers/shipping_address_transformer'
import { serialize } from '#http/serialize'
import { page } from '#http/page'
import ShippingAddressPolicy from '#policies/shipping_address_policy'

/** The customer's saved addresses: `/api/v1/checkout/shipping-address`. */
@inject()
export default class ShippingAddressesController {
  constructor(protected addresses: ShippingAddressService) {}

  /** Lists the customer's addresses, the default first. */
  async index({ actor, bouncer, request }: HttpContext) {
    await bouncer.with(ShippingAddressPolicy).authorize('viewOwn')
    const query = await request.validateUsing(shippingAddressListValidator, { data: request.qs() })
    const slice = pageRequest(query)
    const result = await this.addresses.list(actor, slice)
    return page(ShippingAddressTransformer.transform(result.items), result.total, slice)
  }

  /** Saves a new address. */
  async store({ actor, bouncer, request, response }: HttpContext) {
    await bouncer.with(ShippingAddressPolicy).authorize('create')
    const input = await request.validateUsing(createShippingAddressValidator, {
      data: request.body(),
    })
    const address = await this.addresses.create(actor, input)
    return response.created(await serialize(ShippingAddressTransformer.transform(address)))
  }

  /** Changes some fields of one of the customer's addresses. */
  async update({ actor, bouncer, params, request }: HttpContext) {
    await bouncer.with(ShippingAddressPolicy).authorize('update')
    const input = await request.validateUsing(updateShippingAddressValidator, {
      data: request.body(),
    })
    const address = await this.addresses.update(actor, params.id, input)
    return serialize(ShippingAddressTransformer.transform(address))
  }

  /** Deletes one of the customer's addresses. */
  async destroy({ actor, bouncer, params }: HttpContext) {
    await bouncer.with(ShippingAddressPolicy).authorize('delete')
    await this.addresses.delete(actor, params.id)
    return { id: params.id, deleted: true }
  }
}
