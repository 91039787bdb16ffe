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
} = domainErrors({
  ShopNotFound: [404, 'SHOP_NOT_FOUND', 'Shop not found'],
  ProductNotFound: [404, 'PRODUCT_NOT_FOUND', 'Product not found'],
  SkuExists: [409, 'SKU_EXISTS', 'Another product of this shop already has this SKU'],
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
})
