import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import db from '@adonisjs/lucid/services/db'
import { parseOptionValues } from '#models/product_variant'
import type { VariantView } from '#services/catalog/product_variant_service'

/** A row of `product_variants` as the drivers return it. */
export interface VariantRow {
  id: string
  product_id?: string
  sku: string
  option_values: unknown
  price_cents: number | string
  stock: number | string
  /** 0 or 1 on SQLite. */
  is_active: boolean | number
}

/** A variant row as the catalog shows it. */
export function variantViewOfRow(row: VariantRow): VariantView {
  return {
    id: row.id,
    sku: row.sku,
    optionValues: parseOptionValues(row.option_values),
    priceCents: Number(row.price_cents),
    stock: Number(row.stock),
    isActive: Boolean(row.is_active),
  }
}

/**
 * The live variants of each product in position order (only those on sale with `onSaleOnly`),
 * in one query, read as rows: hydrating a model for each was most of a catalog page's extra CPU.
 */
export async function liveVariantsOf(
  productIds: string[],
  options: { onSaleOnly: boolean },
  client: QueryClientContract = db.connection()
): Promise<Map<string, VariantView[]>> {
  const byProduct = new Map<string, VariantView[]>()
  if (productIds.length === 0) return byProduct
  const query = client
    .from('product_variants')
    .whereIn('product_id', productIds)
    .whereNull('deleted_at')
    .select('id', 'product_id', 'sku', 'option_values', 'price_cents', 'stock', 'is_active')
    .orderBy('position', 'asc')
    .orderBy('id', 'asc')
  if (options.onSaleOnly) query.where('is_active', true)
  for (const row of (await query) as Array<VariantRow & { product_id: string }>) {
    const views = byProduct.get(row.product_id) ?? []
    views.push(variantViewOfRow(row))
    byProduct.set(row.product_id, views)
  }
  return byProduct
}
