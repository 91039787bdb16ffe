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
import { ProductNotFound, VariantNotFound, VariantRequired } from '#exceptions/catalog_errors'

const base = bearer('Cart', [UserType.CUSTOMER], 'problem')
const ok = { description: 'The whole cart after the change', schema: ref('Cart') }

/** The customer's cart. */
export const cartPaths: AreaPaths = {
  '/api/v1/cart': {
    get: {
      ...base,
      operationId: 'getCart',
      summary: 'The cart, with current prices',
      description:
        'Each customer has one cart, reached only through the token. An empty cart is ' +
        '`{items: [], itemCount: 0, subTotal: 0}`.',
      responses: { 200: { description: 'The cart', schema: ref('Cart') } },
    },
    delete: {
      ...base,
      operationId: 'emptyCart',
      summary: 'Empty the cart',
      description: 'Emptying an empty cart is fine (200).',
      responses: { 200: ok },
    },
  },
  '/api/v1/cart/items': {
    post: {
      ...base,
      operationId: 'addCartItem',
      summary: 'Add units of a product variant, merging with its line',
      description:
        'Names the variant by `variantId` (needed for a product with options); a product ' +
        'without options may be named by `productId` alone, its one variant having its id. ' +
        'Adds to the line holding the variant, or creates it, with one atomic upsert, so ' +
        'simultaneous adds never duplicate a line nor lose units. The resulting line must stay ' +
        'within the stock (checked first) and 999 units. A cart holds at most 100 lines: a new ' +
        'line in a full cart is refused, more units of a product already in it are not; the ' +
        'adds of one customer are serialised, so parallel adds never pass 100 lines. A refused ' +
        'add changes nothing.',
      body: addCartItemValidator.toJSONSchema() as JsonSchema,
      responses: { 200: ok },
      errors: [
        ProductNotFound,
        VariantNotFound,
        VariantRequired,
        ProductUnavailable,
        InsufficientStock,
        QuantityLimitExceeded,
        CartFull,
      ],
      errorNotes: {
        404: 'Unknown or deleted product, or no live variant of that id on it.',
        409:
          'The variant or product inactive, the product taken down, its shop not approved, or ' +
          'its seller deactivated or demoted.',
        422:
          'The line would exceed the variant’s stock or 999 units, a new line would be the ' +
          '101st, or a product with options was named without `variantId`.',
      },
    },
  },
  '/api/v1/cart/items/{variantId}': {
    put: {
      ...base,
      operationId: 'setCartItemQuantity',
      summary: 'Set the quantity of a line',
      description:
        'The line is named by its variant (for a product without options, the product’s id). ' +
        'Only changes a line the cart holds; it never creates one. A line whose product is no ' +
        'longer on sale cannot be changed (409), only removed.',
      pathParams: ['variantId'],
      body: setCartItemValidator.toJSONSchema() as JsonSchema,
      responses: { 200: ok },
      errors: [CartItemNotFound, ProductUnavailable, InsufficientStock, QuantityLimitExceeded],
    },
    delete: {
      ...base,
      operationId: 'removeCartItem',
      summary: 'Remove a line',
      description: 'Works for a line whose product is no longer on sale too.',
      pathParams: ['variantId'],
      responses: { 200: ok },
      errors: [CartItemNotFound],
    },
  },
}
