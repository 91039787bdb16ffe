import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import Product from '#models/product'
import type { ProductRow } from '#transformers/product_transformer'
import { CompiledQuery } from '#queries/compiled_query'
import { variantViewOfRow, type VariantRow } from '#queries/product_variants'
import type { VariantView } from '#services/catalog/product_variant_service'

/** The columns of each variant on sale, in the order the catalog shows them. */
const VARIANT_FIELDS = ['id', 'sku', 'option_values', 'price_cents', 'stock', 'is_active']

/**
 * The variants on sale of the product of the outer row as one JSON array, so the product read
 * gets them in its own round trip: `json_agg` on PostgreSQL (node-postgres parses it), a JSON text
 * from `json_group_array` on SQLite.
 */
function variantsOnSaleJson(client: QueryClientContract): string {
  const onSale = `from product_variants v
     where v.product_id = products.id and v.deleted_at is null and v.is_active`
  if (client.dialect.name === 'postgres') {
    const fields = VARIANT_FIELDS.map((field) => `'${field}', v.${field}`).join(', ')
    return `(select coalesce(json_agg(json_build_object(${fields}) order by v.position, v.id),
       '[]'::json) ${onSale}) as variants_json`
  }
  const fields = VARIANT_FIELDS.map((field) => `'${field}', v.${field}`).join(', ')
  return `(select json_group_array(json_object(${fields})) from (select * ${onSale}
       order by v.position, v.id) v) as variants_json`
}

/** One product on sale with its shop's name and its variants on sale, compiled once. */
const productOnSale = new CompiledQuery<[productId: string]>(1, (client, productId) =>
  Product.query({ client })
    .withScopes((scopes) => scopes.onSale())
    .where('products.id', productId)
    .join('shops', 'shops.id', 'products.shop_id')
    .select('products.*', 'shops.name as shop_name', client.raw(variantsOnSaleJson(client)))
    .limit(1)
)

type OnSaleRow = Omit<ProductRow, 'category_ids' | 'images' | 'variants'> & {
  variants_json: string | VariantRow[]
}

/**
 * The product's row with its shop's name and its variants on sale when it is on sale (the
 * `onSale` scope), as the driver returns it: the product read answers it without a model
 * (`ProductTransformer.fromRow`).
 */
export async function productOnSaleRow(
  productId: string
): Promise<(Omit<ProductRow, 'category_ids' | 'images'> & { variants: VariantView[] }) | null> {
  const [row] = await productOnSale.rows<OnSaleRow>([productId])
  if (!row) return null
  const { variants_json: variantsJson, ...product } = row
  const variants = typeof variantsJson === 'string' ? JSON.parse(variantsJson) : variantsJson
  return { ...product, variants: (variants as VariantRow[]).map(variantViewOfRow) }
}
