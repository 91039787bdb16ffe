import { arrayOf, objectOf, type AreaPaths, type JsonSchema } from '#openapi/builders'
import { addCartItemValidator, setCartItemValidator } from '#validators/cart'

const uuid: JsonSchema = { type: 'string', format: 'uuid' }

const cart = objectOf({
  items: arrayOf(
    objectOf({
      productId: uuid,
      shopId: uuid,
      shopName: { type: 'string' },
      name: { type: 'string' },
      unitPrice: { type: 'number', description: 'Current price of the product' },
      quantity: { type: 'integer', minimum: 1, maximum: 999 },
      lineTotal: { type: 'number' },
      stock: { type: 'integer', minimum: 0 },
      available: {
        type: 'boolean',
        description: 'False once the product left the catalog; checkout refuses such a line',
      },
    })
  ),
  itemCount: { type: 'integer', description: 'Sum of the quantities of available lines' },
  subTotal: { type: 'number', description: 'Sum of the line totals of available lines' },
})

const base = {
  tags: ['Cart'],
  auth: 'bearer' as const,
  roles: ['CUSTOMER'],
  style: 'problem' as const,
}
const ok = { description: 'The whole cart after the change', schema: cart }
const unauthorized = { description: 'Missing, invalid, expired or revoked token (UNAUTHORIZED, …)' }
const notCustomer = { description: 'Not a customer (FORBIDDEN)' }
const invalid = { description: 'Invalid input (VALIDATION_FAILED, with per-field errors)' }
const lineNotFound = { description: 'This product is not in your cart (CART_ITEM_NOT_FOUND)' }

/** The customer's cart. */
export const cartPaths: AreaPaths = {
  '/api/v1/cart': {
    get: {
      ...base,
      summary: 'The cart, with current prices',
      responses: {
        200: { description: 'The cart', schema: cart },
        401: unauthorized,
        403: notCustomer,
      },
    },
    delete: {
      ...base,
      summary: 'Empty the cart',
      responses: { 200: ok, 401: unauthorized, 403: notCustomer },
    },
  },
  '/api/v1/cart/items': {
    post: {
      ...base,
      summary: 'Add units of a product, merging with its line',
      body: addCartItemValidator.toJSONSchema() as JsonSchema,
      responses: {
        200: ok,
        400: invalid,
        401: unauthorized,
        403: notCustomer,
        404: { description: 'Unknown or deleted product (PRODUCT_NOT_FOUND)' },
        409: {
          description:
            'The product is off sale: inactive, its shop not approved, or its seller deactivated ' +
            'or demoted (PRODUCT_UNAVAILABLE)',
        },
        422: {
          description:
            'The line would exceed the stock (INSUFFICIENT_STOCK) or 999 units ' +
            '(QUANTITY_LIMIT_EXCEEDED), or a new line would be the 101st (CART_FULL)',
        },
      },
    },
  },
  '/api/v1/cart/items/{productId}': {
    put: {
      ...base,
      summary: 'Set the quantity of a line',
      pathParams: ['productId'],
      body: setCartItemValidator.toJSONSchema() as JsonSchema,
      responses: {
        200: ok,
        400: invalid,
        401: unauthorized,
        403: notCustomer,
        404: lineNotFound,
        409: { description: 'The product left the catalog (PRODUCT_UNAVAILABLE)' },
        422: { description: 'The stock is short (INSUFFICIENT_STOCK)' },
      },
    },
    delete: {
      ...base,
      summary: 'Remove a line',
      pathParams: ['productId'],
      responses: { 200: ok, 401: unauthorized, 403: notCustomer, 404: lineNotFound },
    },
  },
}
