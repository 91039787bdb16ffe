import { defineDomainError } from '#exceptions/domain_error'

/** Refusals of the shop and product rules (docs/api/catalog.md). */
export const ShopNotFound = defineDomainError(404, 'SHOP_NOT_FOUND', 'Shop not found')
export const ProductNotFound = defineDomainError(404, 'PRODUCT_NOT_FOUND', 'Product not found')
export const SkuExists = defineDomainError(
  409,
  'SKU_EXISTS',
  'Another product of this shop already has this SKU'
)
