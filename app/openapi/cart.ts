import { ref, type AreaPaths, type JsonSchema } from '#openapi/builders'
import { bearer } from '#openapi/audience'
import { UserType } from '#enums/user_type'
import { addCartItemValidator, setCartItemValidator } from '#validators/cart'
import {
  CartFull,
  CartItemNotFound,
  InsufficientStock,
  ProductUnavailable,
  QuantityLimitExceeded,
} from '#exceptions/cart_errors'
import { ProductNotFound } from '#exceptions/catalog_errors'

const base = bearer('Cart', [UserType.CUSTOMER], 'problem')
const ok = { description: 'The whole cart after the change', schema: ref('Cart') }

/** The customer's cart. */
export const cartPaths: AreaPaths = {
  '/api/v1/cart': {
    get: {
      ...base,
      operationId: 'getCart',
      summary: 'The cart, with current prices',
      responses: { 200: { description: 'The cart', schema: ref('Cart') } },
    },
    delete: {
      ...base,
      operationId: 'emptyCart',
      summary: 'Empty the cart',
      responses: { 200: ok },
    },
  },
  '/api/v1/cart/items': {
    post: {
      ...base,
      operationId: 'addCartItem',
      summary: 'Add units of a product, merging with its line',
      body: addCartItemValidator.toJSONSchema() as JsonSchema,
      responses: { 200: ok },
      errors: [
        ProductNotFound,
        ProductUnavailable,
        InsufficientStock,
        QuantityLimitExceeded,
        CartFull,
      ],
      errorNotes: {
        404: 'Unknown or deleted product.',
        409: 'Inactive, its shop not approved, or its seller deactivated or demoted.',
        422: 'The line would exceed the stock or 999 units, or a new line would be the 101st.',
      },
    },
  },
  '/api/v1/cart/items/{productId}': {
    put: {
      ...base,
      operationId: 'setCartItemQuantity',
      summary: 'Set the quantity of a line',
      pathParams: ['productId'],
      body: setCartItemValidator.toJSONSchema() as JsonSchema,
      responses: { 200: ok },
      errors: [CartItemNotFound, ProductUnavailable, InsufficientStock, QuantityLimitExceeded],
    },
    delete: {
      ...base,
      operationId: 'removeCartItem',
      summary: 'Remove a line',
      pathParams: ['productId'],
      responses: { 200: ok },
      errors: [CartItemNotFound],
    },
  },
}
