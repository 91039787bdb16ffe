import type { HttpContext } from '@adonisjs/core/http'
import { CartService } from '#services/cart/cart_service'
import { addCartItemValidator, setCartItemValidator } from '#validators/cart'
import { cartJson } from '#transformers/cart_transformer'

/** The customer's cart: `/api/v1/cart`. Every change answers with the whole cart. */
export default class CartController {
  #cart = new CartService()

  /** Shows the cart with current prices. */
  async show({ auth, bouncer }: HttpContext) {
    await bouncer.authorize('buy')
    return cartJson(await this.#cart.view(auth.getUserOrFail()))
  }

  /** Adds units of a product, merging with its line. */
  async add({ auth, bouncer, request }: HttpContext) {
    await bouncer.authorize('buy')
    const input = await request.validateUsing(addCartItemValidator, { data: request.body() })
    return cartJson(await this.#cart.add(auth.getUserOrFail(), input))
  }

  /** Sets the quantity of a line. */
  async update({ auth, bouncer, params, request }: HttpContext) {
    await bouncer.authorize('buy')
    const { quantity } = await request.validateUsing(setCartItemValidator, { data: request.body() })
    return cartJson(await this.#cart.setQuantity(auth.getUserOrFail(), params.productId, quantity))
  }

  /** Removes a line. */
  async remove({ auth, bouncer, params }: HttpContext) {
    await bouncer.authorize('buy')
    return cartJson(await this.#cart.remove(auth.getUserOrFail(), params.productId))
  }

  /** Empties the cart. */
  async clear({ auth, bouncer }: HttpContext) {
    await bouncer.authorize('buy')
    return cartJson(await this.#cart.empty(auth.getUserOrFail()))
  }
}
