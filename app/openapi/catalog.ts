import { objectOf, pageOf, type AreaPaths, type JsonSchema } from '#openapi/builders'
import {
  adminShopListValidator,
  createShopValidator,
  sellerShopListValidator,
  updateShopValidator,
} from '#validators/shop'
import {
  catalogListValidator,
  createProductValidator,
  sellerProductListValidator,
  updateProductValidator,
} from '#validators/product'
import { SHOP_STATUSES } from '#enums/shop_status'

const instant: JsonSchema = { type: 'string', format: 'date-time' }
const uuid: JsonSchema = { type: 'string', format: 'uuid' }

const shop = objectOf({
  id: uuid,
  name: { type: 'string' },
  description: { type: ['string', 'null'] },
  status: { enum: SHOP_STATUSES },
  sellerId: uuid,
  createdAt: instant,
  updatedAt: instant,
})

const product = objectOf({
  id: uuid,
  shopId: uuid,
  shopName: { type: 'string' },
  name: { type: 'string' },
  description: { type: ['string', 'null'] },
  sku: { type: 'string' },
  price: { type: 'number', description: 'Decimal amount, at most two places' },
  stock: { type: 'integer', minimum: 0 },
  inStock: { type: 'boolean' },
  isActive: { type: 'boolean' },
  createdAt: instant,
  updatedAt: instant,
})

const tags = {
  public: ['Catalog'],
  seller: ['Seller: shops and products'],
  admin: ['Admin: shops'],
}

const unauthorized = { description: 'Missing, invalid, expired or revoked token (UNAUTHORIZED, …)' }
const notSeller = { description: 'Not a seller (FORBIDDEN)' }
const notAdmin = { description: 'Not an admin (FORBIDDEN)' }
const invalid = { description: 'Invalid input (VALIDATION_FAILED, with per-field errors)' }
const shopNotFound = { description: 'No such shop of yours (SHOP_NOT_FOUND)' }
const productNotFound = { description: 'No such product (PRODUCT_NOT_FOUND)' }

/** Public catalog, sellers' shops and products, shop moderation. */
export const catalogPaths: AreaPaths = {
  '/api/v1/products': {
    get: {
      summary: 'Search the products on sale',
      description:
        'Active, non-deleted products of APPROVED shops whose seller is an active SELLER ' +
        'account. `q` matches name or description, ' +
        'case-insensitively, with `%` and `_` taken literally. `sort`: newest (default), ' +
        'price_asc, price_desc.',
      tags: tags.public,
      auth: 'none',
      style: 'problem',
      query: catalogListValidator.toJSONSchema() as JsonSchema,
      responses: {
        200: { description: 'A page of products', schema: pageOf(product) },
        400: invalid,
        429: {
          description:
            'More than 120 list or search requests in a minute from one client address ' +
            '(TOO_MANY_REQUESTS)',
          headers: { 'Retry-After': 'Seconds to wait' },
        },
      },
    },
  },
  '/api/v1/products/{id}': {
    get: {
      summary: 'One product on sale',
      tags: tags.public,
      auth: 'none',
      style: 'problem',
      pathParams: ['id'],
      responses: {
        200: { description: 'The product', schema: product },
        404: {
          description:
            'Unknown, inactive, deleted, its shop not approved, or its seller deactivated or ' +
            'demoted (PRODUCT_NOT_FOUND)',
        },
      },
    },
  },
  '/api/v1/seller/shops': {
    get: {
      summary: "The seller's own shops",
      tags: tags.seller,
      auth: 'bearer',
      roles: ['SELLER'],
      style: 'problem',
      query: sellerShopListValidator.toJSONSchema() as JsonSchema,
      responses: {
        200: { description: 'A page of shops, newest first', schema: pageOf(shop) },
        400: invalid,
        401: unauthorized,
        403: notSeller,
      },
    },
    post: {
      summary: 'Open a shop (PENDING until an admin approves it)',
      tags: tags.seller,
      auth: 'bearer',
      roles: ['SELLER'],
      style: 'problem',
      body: createShopValidator.toJSONSchema() as JsonSchema,
      responses: {
        201: { description: 'The new shop', schema: shop },
        400: invalid,
        401: unauthorized,
        403: notSeller,
      },
    },
  },
  '/api/v1/seller/shops/{id}': {
    put: {
      summary: "Edit one of the seller's shops (partial; the status is not changed)",
      tags: tags.seller,
      auth: 'bearer',
      roles: ['SELLER'],
      style: 'problem',
      pathParams: ['id'],
      body: updateShopValidator.toJSONSchema() as JsonSchema,
      responses: {
        200: { description: 'The shop', schema: shop },
        400: invalid,
        401: unauthorized,
        403: notSeller,
        404: shopNotFound,
      },
    },
  },
  '/api/v1/seller/products': {
    get: {
      summary: "The seller's products, optionally of one of its shops",
      tags: tags.seller,
      auth: 'bearer',
      roles: ['SELLER'],
      style: 'problem',
      query: sellerProductListValidator.toJSONSchema() as JsonSchema,
      responses: {
        200: { description: 'A page of products, newest first', schema: pageOf(product) },
        400: invalid,
        401: unauthorized,
        403: notSeller,
        404: shopNotFound,
      },
    },
    post: {
      summary: "Add a product to one of the seller's shops",
      description: '`sku` is stored upper-case and is unique within its shop.',
      tags: tags.seller,
      auth: 'bearer',
      roles: ['SELLER'],
      style: 'problem',
      body: createProductValidator.toJSONSchema() as JsonSchema,
      responses: {
        201: { description: 'The new product', schema: product },
        400: invalid,
        401: unauthorized,
        403: notSeller,
        404: shopNotFound,
        409: { description: 'The shop already has a product with this SKU (SKU_EXISTS)' },
      },
    },
  },
  '/api/v1/seller/products/{id}': {
    get: {
      summary: "One of the seller's products, active or not",
      tags: tags.seller,
      auth: 'bearer',
      roles: ['SELLER'],
      style: 'problem',
      pathParams: ['id'],
      responses: {
        200: { description: 'The product', schema: product },
        401: unauthorized,
        403: notSeller,
        404: productNotFound,
      },
    },
    put: {
      summary: "Edit one of the seller's products (partial)",
      tags: tags.seller,
      auth: 'bearer',
      roles: ['SELLER'],
      style: 'problem',
      pathParams: ['id'],
      body: updateProductValidator.toJSONSchema() as JsonSchema,
      responses: {
        200: { description: 'The product', schema: product },
        400: invalid,
        401: unauthorized,
        403: notSeller,
        404: { description: 'No such product, or `shopId` is not one of your shops' },
        409: { description: 'The shop already has a product with this SKU (SKU_EXISTS)' },
      },
    },
    delete: {
      summary: "Delete one of the seller's products (soft delete)",
      tags: tags.seller,
      auth: 'bearer',
      roles: ['SELLER'],
      style: 'problem',
      pathParams: ['id'],
      responses: {
        200: {
          description: 'Deleted',
          schema: objectOf({ id: uuid, deleted: { type: 'boolean', const: true } }),
        },
        401: unauthorized,
        403: notSeller,
        404: productNotFound,
      },
    },
  },
  '/api/v1/admin/shops': {
    get: {
      summary: 'Every shop, optionally of one status',
      tags: tags.admin,
      auth: 'bearer',
      roles: ['ADMIN', 'SUPER_ADMIN'],
      style: 'problem',
      query: adminShopListValidator.toJSONSchema() as JsonSchema,
      responses: {
        200: { description: 'A page of shops, newest first', schema: pageOf(shop) },
        400: invalid,
        401: unauthorized,
        403: notAdmin,
      },
    },
  },
  '/api/v1/admin/shops/{id}/approve': {
    put: {
      summary: 'Approve a shop (from PENDING or SUSPENDED; repeating is a no-op)',
      tags: tags.admin,
      auth: 'bearer',
      roles: ['ADMIN', 'SUPER_ADMIN'],
      style: 'problem',
      pathParams: ['id'],
      responses: {
        200: { description: 'The shop, APPROVED', schema: shop },
        401: unauthorized,
        403: notAdmin,
        404: { description: 'No such shop (SHOP_NOT_FOUND)' },
      },
    },
  },
  '/api/v1/admin/shops/{id}/suspend': {
    put: {
      summary: 'Suspend a shop (from PENDING or APPROVED; repeating is a no-op)',
      tags: tags.admin,
      auth: 'bearer',
      roles: ['ADMIN', 'SUPER_ADMIN'],
      style: 'problem',
      pathParams: ['id'],
      responses: {
        200: { description: 'The shop, SUSPENDED', schema: shop },
        401: unauthorized,
        403: notAdmin,
        404: { description: 'No such shop (SHOP_NOT_FOUND)' },
      },
    },
  },
}
