import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { urlFor } from '@adonisjs/core/services/url_builder'
import config from '@adonisjs/core/services/config'
import {
  createShippingMethodValidator,
  updateShippingMethodValidator,
} from '#validators/shipping_method'
import { shippingMethodListFiltersValidator } from '#validators/console_shipping_method'
import { ShippingMethodService } from '#services/checkout/shipping_method_service'
import { shippingMethodResource } from '#transformers/shipping_method_transformer'
import { consolePageToReturnTo } from '#support/console_errors'
import ShippingMethodPolicy from '#policies/shipping_method_policy'
import { listPage, pageSlice } from '#controllers/admin/console_pages'

/** What the new-method form starts with: active, nothing else filled in. */
const blankShippingMethod = () => ({
  name: '',
  description: '',
  price: '',
  estimatedDays: '',
  isActive: true,
})

/** The currency every shipping price is in. */
const storeCurrency = () => config.get<string>('store.currency', 'USD')

/** Console: shipping methods; add, edit, deactivate and reactivate them with the API's rules. */
@inject()
export default class ShippingMethodsController {
  constructor(protected methods: ShippingMethodService) {}

  /** A page of methods, active or not, cheapest first. */
  async index({ bouncer, request, view }: HttpContext) {
    await bouncer.with(ShippingMethodPolicy).authorize('viewAny')
    const filters = await request.validateUsing(shippingMethodListFiltersValidator, {
      data: request.qs(),
    })
    const page = filters.page ?? 1
    const { items, total } = await this.methods.listAll(pageSlice(page))
    const methods = listPage(
      items.map((method) => shippingMethodResource(method)),
      total,
      page,
      urlFor('console.shipping_methods.index'),
      filters
    )
    return view.render('pages/admin/shipping_methods/index', {
      section: 'shipping_methods',
      methods,
      currency: storeCurrency(),
    })
  }

  /** The new-method form. */
  async create({ bouncer, view }: HttpContext) {
    await bouncer.with(ShippingMethodPolicy).authorize('create')
    return view.render('pages/admin/shipping_methods/new', {
      section: 'shipping_methods',
      values: blankShippingMethod(),
      currency: storeCurrency(),
    })
  }

  /** Adds a method. */
  async store({ actor, bouncer, request, response, session }: HttpContext) {
    await bouncer.with(ShippingMethodPolicy).authorize('create')
    const { price, ...input } = await request.validateUsing(createShippingMethodValidator, {
      meta: { form: true },
    })
    const method = await this.methods.create(actor, {
      ...input,
      priceCents: price,
    })
    session.flash('success', `Shipping method ${method.name} is added.`)
    return response.redirect().toRoute('console.shipping_methods.index')
  }

  /** The edit form of one method. */
  async edit({ bouncer, params, view }: HttpContext) {
    await bouncer.with(ShippingMethodPolicy).authorize('update')
    const method = await this.methods.find(params.id)
    return view.render('pages/admin/shipping_methods/edit', {
      section: 'shipping_methods',
      values: shippingMethodResource(method),
      currency: storeCurrency(),
    })
  }

  /** Saves the whole form: a blank description removes it, an unticked box deactivates. */
  async update({ actor, bouncer, params, request, response, session }: HttpContext) {
    await bouncer.with(ShippingMethodPolicy).authorize('update')
    const { price, ...changes } = await request.validateUsing(updateShippingMethodValidator, {
      meta: { form: true },
    })
    const method = await this.methods.update(actor, params.id, {
      ...changes,
      priceCents: price,
    })
    session.flash('success', `Shipping method ${method.name} is saved.`)
    return response.redirect().toRoute('console.shipping_methods.index')
  }

  /** Takes a method off checkout at once; reactivating undoes it, so nothing is asked. */
  async deactivate({ actor, bouncer, params, request, response, session }: HttpContext) {
    await bouncer.with(ShippingMethodPolicy).authorize('update')
    const method = await this.methods.update(actor, params.id, {
      isActive: false,
    })
    session.flash('success', `Shipping method ${method.name} is deactivated.`)
    return response.redirect(consolePageToReturnTo(request.header('referer')))
  }

  /** Offers a deactivated method at checkout again. */
  async activate({ actor, bouncer, params, request, response, session }: HttpContext) {
    await bouncer.with(ShippingMethodPolicy).authorize('update')
    const method = await this.methods.update(actor, params.id, {
      isActive: true,
    })
    session.flash('success', `Shipping method ${method.name} is active.`)
    return response.redirect(consolePageToReturnTo(request.header('referer')))
  }
}
