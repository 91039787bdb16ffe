import { deletedSchema, pageOf, ref, type AreaPaths, type JsonSchema } from '#openapi/builders'
import { ADMIN_ROLES, bearer } from '#openapi/audience'
import { UserType } from '#enums/user_type'
import {
  adminShopListValidator,
  createShopValidator,
  sellerShopListValidator,
  publicShopListValidator,
  updateShopValidator,
} from '#validators/shop'
import {
  catalogListValidator,
  createProductValidator,
  sellerProductListValidator,
  updateProductValidator,
  createVariantValidator,
  updateVariantValidator,
} from '#validators/product'
import { FRAMEWORK_ERROR_DEFINITIONS as known } from '#exceptions/describe_error'
import {
  CategoryCycle,
  CategoryNotEmpty,
  CategoryNotFound,
  CategorySlugExists,
  ProductNotFound,
  ShopNotFound,
  SkuExists,
  UnknownCategories,
  ImageLimitReached,
  ImageMissing,
  ImageNotFound,
  ImageOrderMismatch,
  ImageTooLarge,
  ImageTypeUnsupported,
  InvalidVariant,
  LastVariant,
  ProductHasVariants,
  VariantNotFound,
} from '#exceptions/catalog_errors'
import { reorderImagesValidator } from '#validators/product_image'
import {
  categoryListValidator,
  createCategoryValidator,
  updateCategoryValidator,
} from '#validators/category'

const seller = bearer('Seller: shops and products', [UserType.SELLER], 'problem')
const admin = bearer('Admin: shops', ADMIN_ROLES, 'problem')
const product = ref('Product')
const sellerProduct = ref('SellerProduct')
const shop = ref('Shop')
const category = ref('Category')
const categoryAdmin = bearer('Admin: categories', ADMIN_ROLES, 'problem')

/** Public catalog, sellers' shops and products, shop moderation. */
export const catalogPaths: AreaPaths = {
  '/api/v1/products': {
    get: {
      operationId: 'searchProducts',
      summary: 'Search the products on sale',
      description:
        'Active, non-deleted products not taken down by an administrator, of APPROVED shops ' +
        'whose seller is an active SELLER account; anything else is left out. `q` (trimmed, at ' +
        'most 100 characters; empty means no search) is a full-text search of the name and the ' +
        'description: it is cut into words (letters and digits; everything else separates ' +
        'words and is never query syntax, so quotes, `*`, `-`, `OR` or `NEAR` are punctuation ' +
        'or plain words), every word must appear, the last one also as a prefix; case and ' +
        'accents are ignored. A `q` with no letter or digit gives an empty page. ' +
        '`minPrice`/`maxPrice`: inclusive bounds in the money format, written in the query ' +
        '(`10`, `10.5`, `10.25`; 0 to 1,000,000; `maxPrice` below `minPrice` is a 400). ' +
        '`inStock=true` keeps the products in stock, `false` those out of stock. `sort`: ' +
        '`relevance` (the default with a search: a name match before a description match), ' +
        '`newest` (the default without; also what `relevance` means without a search), `price` ' +
        '(cheapest first), `-price`; `price_asc` and `price_desc` are the former names of ' +
        '`price` and `-price`. Ties are broken by newest, then id, so pages never overlap. A ' +
        '`shopId` that is unknown or not approved gives an empty page. `categoryId` keeps the ' +
        'products filed directly under that category (not under its subcategories); an ' +
        'unknown one gives an empty page. docs/api/catalog.md, "Search", has the details and ' +
        'the differences between SQLite and PostgreSQL.',
      tags: ['Catalog'],
      auth: 'none',
      style: 'problem',
      query: catalogListValidator.toJSONSchema() as JsonSchema,
      responses: { 200: { description: 'A page of products', schema: pageOf(product) } },
      errors: [known.tooManyRequests],
      errorNotes: {
        429:
          'More than 120 list or search requests in a minute from one client address, counted ' +
          'before the search runs (a burst of parallel requests cannot outrun it). Reading one ' +
          'product by id is not limited.',
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
          'deactivated or demoted: one answer for all, so nothing unpublished leaks.',
      },
    },
  },
  '/api/v1/seller/shops': {
    get: {
      ...seller,
      operationId: 'listSellerShops',
      summary: "The seller's own shops",
      description: 'Only the caller’s shops, whatever their status, newest first.',
      query: sellerShopListValidator.toJSONSchema() as JsonSchema,
      responses: { 200: { description: 'A page of shops, newest first', schema: pageOf(shop) } },
    },
    post: {
      ...seller,
      operationId: 'createShop',
      summary: 'Open a shop (PENDING until an admin approves it)',
      description:
        'The shop is `PENDING`, its `sellerId` the caller. A seller may own several shops; ' +
        'shop names need not be unique.',
      body: createShopValidator.toJSONSchema() as JsonSchema,
      responses: { 201: { description: 'The new shop', schema: shop } },
    },
  },
  '/api/v1/seller/shops/{id}': {
    put: {
      ...seller,
      operationId: 'updateShop',
      summary: "Edit one of the seller's shops (partial; the status is not changed)",
      description:
        'Only the fields sent change; `description: null` clears it. A shop is editable in ' +
        'any status.',
      pathParams: ['id'],
      body: updateShopValidator.toJSONSchema() as JsonSchema,
      responses: { 200: { description: 'The shop', schema: shop } },
      errors: [ShopNotFound],
      errorNotes: { 404: "Unknown id, or another seller's shop." },
    },
  },
  '/api/v1/seller/products': {
    get: {
      ...seller,
      operationId: 'listSellerProducts',
      summary: "The seller's products, optionally of one of its shops",
      description:
        'Non-deleted products of the caller’s shops, active or not, taken down or not, newest ' +
        'first; `shopId` narrows to one of them.',
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
      description:
        '`shopId` is one of the caller’s shops, in any status: a product of a shop that is not ' +
        'approved is kept off sale until it is. A product without options sends `sku`, `price` ' +
        'and `stock`, which make its one default variant (whose id is the product’s); a product ' +
        'with `options` (at most 3, each with 1 to 30 values) sends `variants` instead (1 to ' +
        '100, each one value of every option, combinations distinct). A SKU is stored upper-case ' +
        '(SKUs compare case-insensitively) and is unique among the live variants of its shop; ' +
        'two shops may use the same SKU, and two simultaneous creations with one SKU give one ' +
        '201 and one 409. The product’s `price` is the lowest of its variants on sale. ' +
        '`isActive` defaults to true.',
      body: createProductValidator.toJSONSchema() as JsonSchema,
      responses: { 201: { description: 'The new product', schema: sellerProduct } },
      errors: [ShopNotFound, SkuExists, UnknownCategories, InvalidVariant],
      errorNotes: {
        404: "`shopId` unknown or another seller's.",
        422:
          '`categoryIds` (at most 20, duplicates ignored) names a category that does not exist ' +
          '(`UNKNOWN_CATEGORIES`); options and variants that do not fit (`INVALID_VARIANT`): ' +
          'an unknown or missing option value, two variants alike, option names alike, ' +
          '`sku`/`price`/`stock` beside `options`, or `variants` without `options`.',
      },
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
      errorNotes: { 404: "Unknown, deleted or another seller's product." },
    },
    put: {
      ...seller,
      operationId: 'updateProduct',
      summary: "Edit one of the seller's products (partial)",
      description:
        'Only the fields sent change. `sku`, `price` and `stock` change the one variant of a ' +
        'product without options (409 `PRODUCT_HAS_VARIANTS` for a product with options: use ' +
        'its variant routes); `stock` is the absolute count the seller counted. `options` keep ' +
        'their names and order and may only gain values. `shopId` moves the product and its ' +
        'variants to another of the caller’s shops. ' +
        "`isActive` is the seller's own switch: a product an administrator took down " +
        '(`takenDown`) stays off sale whatever it says, until an administrator restores it; ' +
        '`isActive: true` on it answers 200 with `takenDown: true`. `takenDown`, `takenDownAt` ' +
        'and `takedownReason` in a body are ignored, as every unknown field is.',
      pathParams: ['id'],
      body: updateProductValidator.toJSONSchema() as JsonSchema,
      responses: { 200: { description: 'The product', schema: sellerProduct } },
      errors: [
        ProductNotFound,
        ShopNotFound,
        SkuExists,
        UnknownCategories,
        InvalidVariant,
        ProductHasVariants,
      ],
      errorNotes: {
        422:
          '`categoryIds` names a category that does not exist (`categoryIds` replaces the set); ' +
          'or `options` rename, reorder or drop an option or a value (`INVALID_VARIANT`).',
        404: 'No such product (unknown, deleted or another seller’s), or `shopId` is not one of your shops.',
        409:
          'The new SKU, or a SKU of its variants in the target shop, is taken; or SKU, price or ' +
          'stock sent for a product with options.',
      },
    },
    delete: {
      ...seller,
      operationId: 'deleteProduct',
      summary: "Delete one of the seller's products (soft delete)",
      description:
        'The product disappears from the seller’s lists, the catalog and every cart’s totals, ' +
        'and cannot be edited or deleted again; its SKU is free for a new product of the shop. ' +
        'The row stays, so orders referring to it remain intact.',
      pathParams: ['id'],
      responses: { 200: { description: 'Deleted', schema: deletedSchema } },
      errors: [ProductNotFound],
      errorNotes: { 404: "Unknown, already deleted or another seller's product." },
    },
  },
  '/api/v1/admin/shops': {
    get: {
      ...admin,
      apiKeyScope: 'catalog:read',
      operationId: 'listShops',
      summary: 'Every shop, optionally of one status',
      query: adminShopListValidator.toJSONSchema() as JsonSchema,
      responses: { 200: { description: 'A page of shops, newest first', schema: pageOf(shop) } },
    },
  },
  '/api/v1/admin/shops/{id}/approve': {
    put: {
      ...admin,
      apiKeyScope: 'catalog:write',
      operationId: 'approveShop',
      summary: 'Approve a shop (from PENDING or SUSPENDED; repeating is a no-op)',
      description:
        'Only an approved shop’s products can be on sale. Approving an approved shop answers ' +
        '200 and changes nothing (`updatedAt` included).',
      pathParams: ['id'],
      responses: { 200: { description: 'The shop, APPROVED', schema: shop } },
      errors: [ShopNotFound],
    },
  },
  '/api/v1/admin/shops/{id}/suspend': {
    put: {
      ...admin,
      apiKeyScope: 'catalog:write',
      operationId: 'suspendShop',
      summary: 'Suspend a shop (from PENDING or APPROVED; repeating is a no-op)',
      description:
        'Rejects an application, or takes every product of the shop off sale at once; lines ' +
        'already in carts stay, shown `available: false`. Suspending a suspended shop answers ' +
        '200 and changes nothing (`updatedAt` included).',
      pathParams: ['id'],
      responses: { 200: { description: 'The shop, SUSPENDED', schema: shop } },
      errors: [ShopNotFound],
    },
  },
  '/api/v1/categories': {
    get: {
      operationId: 'listCategories',
      summary: 'The category tree',
      description:
        'Every category, roots first, each with its `children`; siblings by name, then slug.',
      tags: ['Catalog'],
      auth: 'none',
      style: 'problem',
      responses: {
        200: {
          description: 'The tree',
          schema: {
            type: 'object',
            required: ['items'],
            additionalProperties: false,
            properties: { items: { type: 'array', items: ref('CategoryTreeNode') } },
          },
        },
      },
    },
  },
  '/api/v1/admin/categories': {
    get: {
      ...categoryAdmin,
      operationId: 'listAdminCategories',
      summary: 'Every category, by slug (flat)',
      query: categoryListValidator.toJSONSchema() as JsonSchema,
      responses: { 200: { description: 'A page of categories', schema: pageOf(category) } },
    },
    post: {
      ...categoryAdmin,
      operationId: 'createCategory',
      summary: 'Add a category',
      description:
        '`slug` is lower-case ASCII letters, digits and single hyphens (upper case is ' +
        'lower-cased; anything else, look-alike Unicode letters included, is refused), unique ' +
        'across the tree. `parentId` absent or null makes a root.',
      body: createCategoryValidator.toJSONSchema() as JsonSchema,
      responses: { 201: { description: 'The new category', schema: category } },
      errors: [CategoryNotFound, CategorySlugExists],
      errorNotes: { 404: '`parentId` names no category.' },
    },
  },
  '/api/v1/admin/categories/{id}': {
    put: {
      ...categoryAdmin,
      operationId: 'updateCategory',
      summary: 'Rename, re-slug or move a category (partial)',
      description:
        '`parentId: null` makes it a root. A parent that is the category itself or one of its ' +
        'descendants is refused (`CATEGORY_CYCLE`); tree changes are serialised, so two ' +
        'simultaneous moves cannot close a cycle together.',
      pathParams: ['id'],
      body: updateCategoryValidator.toJSONSchema() as JsonSchema,
      responses: { 200: { description: 'The category', schema: category } },
      errors: [CategoryNotFound, CategorySlugExists, CategoryCycle],
      errorNotes: { 404: 'Unknown category, or `parentId` names no category.' },
    },
    delete: {
      ...categoryAdmin,
      operationId: 'deleteCategory',
      summary: 'Delete an empty category',
      pathParams: ['id'],
      responses: { 200: { description: 'Deleted', schema: deletedSchema } },
      errors: [CategoryNotFound, CategoryNotEmpty],
      errorNotes: {
        409: 'It has subcategories, or products are filed under it (a deleted product no longer is).',
      },
    },
  },
  '/api/v1/shops': {
    get: {
      operationId: 'listPublicShops',
      summary: 'The shops on sale',
      description:
        'APPROVED shops whose owner is an active SELLER account (the shops whose products can ' +
        'be on sale), by name, then id.',
      tags: ['Catalog'],
      auth: 'none',
      style: 'problem',
      query: publicShopListValidator.toJSONSchema() as JsonSchema,
      responses: { 200: { description: 'A page of shops', schema: pageOf(ref('PublicShop')) } },
    },
  },
  '/api/v1/shops/{id}': {
    get: {
      operationId: 'getPublicShop',
      summary: 'One shop on sale',
      tags: ['Catalog'],
      auth: 'none',
      style: 'problem',
      pathParams: ['id'],
      responses: { 200: { description: 'The shop', schema: ref('PublicShop') } },
      errors: [ShopNotFound],
      errorNotes: {
        404: 'Unknown, pending, suspended, or its seller deactivated or demoted: one answer for all.',
      },
    },
  },
  '/api/v1/seller/products/{id}/images': {
    post: {
      ...seller,
      operationId: 'uploadProductImage',
      summary: "Add an image to one of the seller's products",
      description:
        'A `multipart/form-data` body with one file in the field `file`: a JPEG, PNG or WebP ' +
        'image as its bytes say (its name and declared type are ignored; a text file named ' +
        '`photo.jpg` is a 415), at most 5 MB, at most 10 images a product (counted under the ' +
        "product's lock, so parallel uploads cannot pass it). The file is stored under a key the " +
        'service makes (`products/{productId}/{imageId}.{ext}`); the client’s file name is ' +
        'never used. The image goes last.',
      pathParams: ['id'],
      bodyType: 'multipart/form-data',
      body: {
        type: 'object',
        required: ['file'],
        properties: {
          file: {
            type: 'string',
            contentMediaType: 'application/octet-stream',
            description: 'The image: JPEG, PNG or WebP, at most 5 MB',
          },
        },
      },
      responses: { 201: { description: 'The stored image', schema: ref('ProductImage') } },
      errors: [
        ProductNotFound,
        ImageMissing,
        ImageTooLarge,
        ImageTypeUnsupported,
        ImageLimitReached,
        known.payloadTooLarge,
      ],
      errorNotes: {
        404: "Unknown, deleted or another seller's product.",
        413: 'The file is over 5 MB (`IMAGE_TOO_LARGE`), or the whole body over 6 MB.',
      },
    },
    put: {
      ...seller,
      operationId: 'reorderProductImages',
      summary: "Set the order of a product's images",
      description: '`imageIds` lists every image of the product once, first shown first.',
      pathParams: ['id'],
      body: reorderImagesValidator.toJSONSchema() as JsonSchema,
      responses: {
        200: {
          description: 'The images in their new order',
          schema: {
            type: 'object',
            required: ['items'],
            additionalProperties: false,
            properties: { items: { type: 'array', items: ref('ProductImage') } },
          },
        },
      },
      errors: [ProductNotFound, ImageOrderMismatch],
    },
  },
  '/api/v1/seller/products/{id}/images/{imageId}': {
    delete: {
      ...seller,
      operationId: 'deleteProductImage',
      summary: 'Delete one image of a product, and its file',
      description: 'The images after it move up one place.',
      pathParams: ['id', 'imageId'],
      responses: { 200: { description: 'Deleted', schema: deletedSchema } },
      errors: [ProductNotFound, ImageNotFound],
      errorNotes: { 404: "Unknown or another seller's product, or no such image of it." },
    },
  },
  '/api/v1/seller/products/{id}/variants': {
    post: {
      ...seller,
      operationId: 'createProductVariant',
      summary: "Add a variant to one of the seller's products with options",
      description:
        'One value of each of the product’s options (a combination no live variant of it has), ' +
        'its own SKU (unique among the live variants of the shop), price and stock. At most ' +
        '100 variants a product. Answers the whole product.',
      pathParams: ['id'],
      body: createVariantValidator.toJSONSchema() as JsonSchema,
      responses: {
        201: { description: 'The product with its new variant', schema: sellerProduct },
      },
      errors: [ProductNotFound, SkuExists, InvalidVariant],
      errorNotes: {
        404: "Unknown, deleted or another seller's product.",
        422: 'The product has no options, or the option values do not fit or are taken.',
      },
    },
  },
  '/api/v1/seller/products/{id}/variants/{variantId}': {
    put: {
      ...seller,
      operationId: 'updateProductVariant',
      summary: 'Edit one variant (partial)',
      description:
        'Only the fields sent change. `stock` is the absolute count the seller counted; a count ' +
        'that crosses the low-stock threshold sends `product.low_stock`. `isActive: false` ' +
        'takes only this variant off sale. The product’s `price` follows its lowest variant on ' +
        'sale. Answers the whole product.',
      pathParams: ['id', 'variantId'],
      body: updateVariantValidator.toJSONSchema() as JsonSchema,
      responses: { 200: { description: 'The product', schema: sellerProduct } },
      errors: [ProductNotFound, VariantNotFound, SkuExists, InvalidVariant],
      errorNotes: {
        404: "Unknown or another seller's product, or no live variant of that id on it.",
      },
    },
    delete: {
      ...seller,
      operationId: 'deleteProductVariant',
      summary: 'Delete one variant (soft delete)',
      description:
        'The variant leaves the catalog and every cart’s totals; its SKU is free again; order ' +
        'lines that name it keep it. A product keeps at least one variant. Answers the product.',
      pathParams: ['id', 'variantId'],
      responses: { 200: { description: 'The product', schema: sellerProduct } },
      errors: [ProductNotFound, VariantNotFound, LastVariant],
    },
  },
  '/media/products/{productId}/{file}': {
    get: {
      operationId: 'getProductImageFile',
      summary: 'An image file on the local disk',
      description:
        'With `DRIVE_DISK=fs`, the bytes of a stored image (`{imageId}.{jpg|png|webp}`), with ' +
        'its type, `Cache-Control: public, max-age=31536000, immutable` and ' +
        '`X-Content-Type-Options: nosniff`. Product bodies give its URL; with an S3 bucket ' +
        'they give the bucket’s URL instead.',
      tags: ['Catalog'],
      auth: 'none',
      style: 'problem',
      pathParams: ['productId', 'file'],
      responses: { 200: { description: 'The image (image/jpeg, image/png or image/webp)' } },
      errors: [ImageNotFound],
    },
  },
}
