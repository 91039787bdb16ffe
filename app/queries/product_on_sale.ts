import Product from '#models/product'
import type { ProductRow } from '#transformers/product_transformer'
import { CompiledQuery } from '#queries/compiled_query'

/** One product on sale with its shop's name, compiled once (`CompiledQuery`). */
const productOnSale = new CompiledQuery<[productId: string]>(1, (client, productId) =>
  Product.query({ client })
    .withScopes((scopes) => scopes.onSale())
    .where('products.id', productId)
    .join('shops', 'shops.id', 'products.shop_id')
    .select('products.*', 'shops.name as shop_name')
    .limit(1)
)

/**
 * The product's row with its shop's name when it is on sale (the `onSale` scope), as the driver
 * returns it: the product read answers it without a model (`ProductTransformer.fromRow`).
 */
export async function productOnSaleRow(
  productId: string
): Promise<Omit<ProductRow, 'category_ids' | 'images' | 'variants'> | null> {
  const [row] = await productOnSale.rows<Omit<ProductRow, 'category_ids' | 'images' | 'variants'>>([
    productId,
  ])
  return row ?? null
}
