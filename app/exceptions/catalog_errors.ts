import { domainErrors } from '#exceptions/domain_error'

/** Refusals of the shop and product rules (docs/api/catalog.md). */
export const { ShopNotFound, ProductNotFound, SkuExists } = domainErrors({
  ShopNotFound: [404, 'SHOP_NOT_FOUND', 'Shop not found'],
  ProductNotFound: [404, 'PRODUCT_NOT_FOUND', 'Product not found'],
  SkuExists: [409, 'SKU_EXISTS', 'Another product of this shop already has this SKU'],
})
