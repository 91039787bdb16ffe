import vine from '@vinejs/vine'
import { MAX_LINE_QUANTITY } from '#models/cart_item'
import { uuidField } from '#validators/uuid'

const quantity = () => vine.number({ strict: true }).withoutDecimals().range([1, MAX_LINE_QUANTITY])

/** `POST /api/v1/cart/items`. */
export const addCartItemValidator = vine.create({
  productId: uuidField(),
  /** Needed for a product with options; a product without options has one, of its own id. */
  variantId: uuidField().optional(),
  quantity: quantity(),
})

/** `PUT /api/v1/cart/items/{variantId}`. */
export const setCartItemValidator = vine.create({ quantity: quantity() })
