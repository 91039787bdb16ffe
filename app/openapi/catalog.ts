import { deletedSchema, pageOf, ref, type AreaPaths, type JsonSchema } from '#openapi/builders'
import { ADMIN_ROLES, bearer } from '#openapi/audience'
import { UserType } from '#enums/user_type'
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
import { FRAMEWORK_ERROR_DEFINITIONS as known } from '#exceptions/describe_error'
import { ProductNotFound, ShopNotFound, SkuExists } from '#exceptions/catalog_errors'

const seller = bearer('Seller: shops and products', [UserType.SELLER], 'problem')
const admin = bearer('Admin: shops', ADMIN_ROLES, 'problem')
const product = ref('Product')
const sellerProduct = ref('SellerProduct')
const shop = ref('Shop')

/** Public catalog, sellers' shops and products, shop moderation. */
export const catalogPaths: AreaPaths = {
  '/api/v1/products': {
    get: {
      operationId: 'searchProducts',
      summary: 'Search the products on sale',
      description:
        'Active, non-deleted products not taken down by an administrator, of APPROVED shops ' +
        'whose seller is an active SELLER ' +
        'account. `q` matches name or description, ' +
        'case-insensitively, with `%` and `_` taken literally. `sort`: newest (default), ' +
        'price_asc, price_desc.',
      tags: ['Catalog'],
      auth: 'none',
      style: 'problem',
      query: catalogListValidator.toJSONSchema() as JsonSchema,
      responses: { 200: { description: 'A page of products', schema: pageOf(product) } },
      errors: [known.tooManyRequests],
      errorNotes: {
        429: 'More than 120 list or search requests in a minute from one client address.',
      },
    },
  },
  '/api/v1/products/{id}': {
    get: {
      operationId: 'getProduct',
      summary: 'One product on sale',
      tags: ['Catalog'],
      auth: 'none',
      style: 'problem',
      pathParams: ['id'],
      responses: { 200: { description: 'The product', schema: product } },
      errors: [ProductNotFound],
      errorNotes: {
        404:
          'Unknown, inactive, taken down, deleted, its shop not approved, or its seller ' +
          'deactivated or demoted.',
      },
    },
  },
  '/api/v1/seller/shops': {
    get: {
      ...seller,
      operationId: 'listSellerShops',
      summary: "The seller's own shops",
      query: sellerShopListValidator.toJSONSchema() as JsonSchema,
      responses: { 200: { description: 'A page of shops, newest first', schema: pageOf(shop) } },
    },
    post: {
      ...seller,
      operationId: 'createShop',
      summary: 'Open a shop (PENDING until an admin approves it)',
      body: createShopValidator.toJSONSchema() as JsonSchema,
      responses: { 201: { description: 'The new shop', schema: shop } },
    },
  },
  '/api/v1/seller/shops/{id}': {
    put: {
      ...seller,
      operationId: 'updateShop',
      summary: "Edit one of the seller's shops (partial; the status is not changed)",
      pathParams: ['id'],
      body: updateShopValidator.toJSONSchema() as JsonSchema,
      responses: { 200: { description: 'The shop', schema: shop } },
      errors: [ShopNotFound],
    },
  },
  '/api/v1/seller/products': {
    get: {
      ...seller,
      operationId: 'listSellerProducts',
      summary: "The seller's products, optionally of one of its shops",
      query: sellerProductListValidator.toJSONSchema() as JsonSchema,
      responses: {
        200: { description: 'A page of products, newest first', schema: pageOf(sellerProduct) },
      },
      errors: [ShopNotFound],
    },
    post: {
      ...seller,
      operationId: 'createProduct',
      summary: "Add a product to one of the seller's shops",
      description: '`sku` is stored upper-case and is unique within its shop.',
      body: createProductValidator.toJSONSchema() as JsonSchema,
      responses: { 201: { description: 'The new product', schema: sellerProduct } },
      errors: [ShopNotFound, SkuExists],
    },
  },
  '/api/v1/seller/products/{id}': {
    get: {
      ...seller,
      operationId: 'getSellerProduct',
      summary: "One of the seller's products, active or not, taken down or not",
      pathParams: ['id'],
      responses: { 200: { description: 'The product', schema: sellerProduct } },
      errors: [ProductNotFound],
    },
    put: {
      ...seller,
      operationId: 'updateProduct',
      summary: "Edit one of the seller's products (partial)",
      description:
        "`isActive` is the seller's own switch: a product an administrator took down " +
        '(`takenDown`) stays off sale whatever it says, until an administrator restores it.',
      pathParams: ['id'],
      body: updateProductValidator.toJSONSchema() as JsonSchema,
      responses: { 200: { description: 'The product', schema: sellerProduct } },
      errors: [ProductNotFound, ShopNotFound, SkuExists],
      errorNotes: { 404: 'No such product, or `shopId` is not one of your shops.' },
    },
    delete: {
      ...seller,
      operationId: 'deleteProduct',
      summary: "Delete one of the seller's products (soft delete)",
      pathParams: ['id'],
      responses: { 200: { description: 'Deleted', schema: deletedSchema } },
      errors: [ProductNotFound],
    },
  },
  '/api/v1/admin/shops': {
    get: {
      ...admin,
      operationId: 'listShops',
      summary: 'Every shop, optionally of one status',
      query: adminShopListValidator.toJSONSchema() as JsonSchema,
      responses: { 200: { description: 'A page of shops, newest first', schema: pageOf(shop) } },
    },
  },
  '/api/v1/admin/shops/{id}/approve': {
    put: {
      ...admin,
      operationId: 'approveShop',
      summary: 'Approve a shop (from PENDING or SUSPENDED; repeating is a no-op)',
      pathParams: ['id'],
      responses: { 200: { description: 'The shop, APPROVED', schema: shop } },
      errors: [ShopNotFound],
    },
  },
  '/api/v1/admin/shops/{id}/suspend': {
    put: {
      ...admin,
      operationId: 'suspendShop',
      summary: 'Suspend a shop (from PENDING or APPROVED; repeating is a no-op)',
      pathParams: ['id'],
      responses: { 200: { description: 'The shop, SUSPENDED', schema: shop } },
      errors: [ShopNotFound],
    },
  },
}
