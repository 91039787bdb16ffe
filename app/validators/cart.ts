import vine from '@vinejs/vine'
import { MAX_LINE_QUANTITY } from '#models/cart_item'
import { uuidField } from '#validators/uuid'

const quantity = () => vine.number({ strict: true }).withoutDecimals().range([1, MAX_LINE_QUANTITY])

/** `POST /api/v1/cart/items`. */
export const addCartItemValidator = vine.create({
  productId: uuidField(),
  quantity: quantity(),
})

/** `PUT /api/v1/cart/items/{productId}`. */
export const setCartItemValidator = vine.create({ quantity: quantity() })
