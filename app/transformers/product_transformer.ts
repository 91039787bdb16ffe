import type Product from '#models/product'
import ApiTransformer from '#transformers/api_transformer'

/** A product as sellers and the public catalog show it; its `shop` must be preloaded. */
export default class ProductTransformer extends ApiTransformer<Product> {
  toObject() {
    const product = this.resource
    return {
      id: product.id,
      shopId: product.shopId,
      shopName: product.shop.name,
      name: product.name,
      description: product.description,
      sku: product.sku,
      price: this.amount(product.priceCents),
      stock: product.stock,
      inStock: product.stock > 0,
      isActive: product.isActive,
      createdAt: this.instant(product.createdAt),
      updatedAt: this.instant(product.updatedAt),
    }
  }
}
