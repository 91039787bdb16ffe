import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { CartService } from '#services/cart/cart_service'
import { addCartItemValidator, setCartItemValidator } from '#validators/cart'
import CartTransformer from '#transformers/cart_transformer'
import { serialize } from '#http/serialize'
import CartPolicy from '#policies/cart_policy'

/** The customer's cart: `/api/v1/cart`. Every change answers with the whole cart. */
@inject()
export default class CartController {
  constructor(protected cart: CartService) {}

  /** Shows the cart with current prices. */
  async show({ actor, bouncer }: HttpContext) {
    await bouncer.with(CartPolicy).authorize('view')
    return serialize(CartTransformer.transform(await this.cart.view(actor)))
  }

  /** Adds units of a product, merging with its line. */
  async add({ actor, bouncer, request }: HttpContext) {
    await bouncer.with(CartPolicy).authorize('update')
    const input = await request.validateUsing(addCartItemValidator, { data: request.body() })
    return serialize(CartTransformer.transform(await this.cart.add(actor, input)))
  }

  /** Sets the quantity of a line. */
  async update({ actor, bouncer, params, request }: HttpContext) {
    await bouncer.with(CartPolicy).authorize('update')
    const { quantity } = await request.validateUsing(setCartItemValidator, { data: request.body() })
    const cart = await this.cart.setQuantity(actor, params.variantId, quantity)
    return serialize(CartTransformer.transform(cart))
  }

  /** Removes a line. */
  async remove({ actor, bouncer, params }: HttpContext) {
    await bouncer.with(CartPolicy).authorize('update')
    const cart = await this.cart.remove(actor, params.variantId)
    return serialize(CartTransformer.transform(cart))
  }

  /** Empties the cart. */
  async clear({ actor, bouncer }: HttpContext) {
    await bouncer.with(CartPolicy).authorize('update')
    return serialize(CartTransformer.transform(await this.cart.empty(actor)))
  }
}
