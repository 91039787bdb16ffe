import { CompiledQuery } from '#queries/compiled_query'

/*
| The categories and images of one product, for the product read: compiled once
| (`CompiledQuery`), as building these small queries cost as much as sending them. The catalog's
| lists read them for many products at once (`CategoryService.idsOf`, `ProductImageService.imagesOf`).
*/

/** The category ids a product is filed under, sorted. */
export const categoryIdsOfProduct = new CompiledQuery<[productId: string]>(1, (client, productId) =>
  client
    .from('product_categories')
    .where('product_id', productId)
    .select('category_id')
    .orderBy('category_id', 'asc')
)

/** A product's images in order, as stored. */
export const imagesOfProduct = new CompiledQuery<[productId: string]>(1, (client, productId) =>
  client
    .from('product_images')
    .where('product_id', productId)
    .select('id', 'storage_key', 'position', 'content_type', 'size_bytes')
    .orderBy('position', 'asc')
)

/** A row of `imagesOfProduct`, as the drivers return it. */
export interface ImageRow {
  id: string
  storage_key: string
  position: number | string
  content_type: string
  size_bytes: number | string
}
