import { domainErrors } from '#exceptions/domain_error'

/** Refusals of the shop, product and category rules (docs/api/catalog.md). */
export const {
  ShopNotFound,
  ProductNotFound,
  SkuExists,
  CategoryNotFound,
  CategorySlugExists,
  CategoryCycle,
  CategoryNotEmpty,
  UnknownCategories,
  ImageNotFound,
  ImageMissing,
  ImageTooLarge,
  ImageTypeUnsupported,
  ImageLimitReached,
  ImageOrderMismatch,
  VariantNotFound,
  InvalidVariant,
  VariantRequired,
  ProductHasVariants,
  LastVariant,
} = domainErrors({
  ShopNotFound: [404, 'SHOP_NOT_FOUND', 'Shop not found'],
  ProductNotFound: [404, 'PRODUCT_NOT_FOUND', 'Product not found'],
  SkuExists: [409, 'SKU_EXISTS', 'Another variant of this shop already has this SKU'],
  CategoryNotFound: [404, 'CATEGORY_NOT_FOUND', 'Category not found'],
  CategorySlugExists: [409, 'CATEGORY_SLUG_EXISTS', 'Another category already has this slug'],
  CategoryCycle: [
    409,
    'CATEGORY_CYCLE',
    'A category cannot be placed under itself or one of its descendants',
  ],
  CategoryNotEmpty: [
    409,
    'CATEGORY_NOT_EMPTY',
    'The category still has subcategories or products filed under it',
  ],
  UnknownCategories: [422, 'UNKNOWN_CATEGORIES', 'One or more categoryIds name no category'],
  ImageNotFound: [404, 'IMAGE_NOT_FOUND', 'Image not found'],
  ImageMissing: [400, 'IMAGE_MISSING', 'Send the image as the multipart field `file`'],
  ImageTooLarge: [413, 'IMAGE_TOO_LARGE', 'An image may be at most 5 MB'],
  ImageTypeUnsupported: [
    415,
    'IMAGE_TYPE_UNSUPPORTED',
    'The file is not a JPEG, PNG or WebP image (judged by its bytes, not its name or type)',
  ],
  ImageLimitReached: [409, 'IMAGE_LIMIT_REACHED', 'A product may have at most 10 images'],
  ImageOrderMismatch: [
    422,
    'IMAGE_ORDER_MISMATCH',
    "imageIds must list each of the product's images exactly once",
  ],
  VariantNotFound: [404, 'VARIANT_NOT_FOUND', 'Variant not found'],
  /** Option values that do not fit the product's options, or a combination already taken. */
  InvalidVariant: [422, 'INVALID_VARIANT', "The variant does not fit the product's options"],
  /** A cart add naming only the product of a product with options. */
  VariantRequired: [
    422,
    'VARIANT_REQUIRED',
    'This product comes in several variants: name the variantId',
  ],
  /** SKU, price or stock sent for a product with options: they belong to its variants. */
  ProductHasVariants: [
    409,
    'PRODUCT_HAS_VARIANTS',
    'This product has options: change SKU, price and stock on its variants',
  ],
  LastVariant: [409, 'LAST_VARIANT', 'A product keeps at least one variant: delete the product'],
})
