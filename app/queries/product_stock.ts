import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { Knex } from 'knex'
import Shop from '#models/shop'
import { sqlTime } from '#support/sql_time'
import { CompiledQuery } from '#queries/compiled_query'

/**
 * The conditional decrement of `takeStock`, compiled once (`CompiledQuery`): every placement
 * sends it, and building the `selling` scope it checks cost as much as sending it. It answers the
 * variant (with the stock left) when it took the units, nothing otherwise.
 */
const decrement = new CompiledQuery<[variantId: string, quantity: number, now: Date | string]>(
  3,
  (client, variantId, quantity, now) => {
    const selling = Shop.query({ client })
      .withScopes((scopes) => scopes.selling())
      .select('shops.id')
      .toSQL()
    const onSale = client
      .knexQuery()
      .from('products')
      .select('products.id')
      .where('products.is_active', true)
      .whereNull('products.taken_down_at')
      .whereNull('products.deleted_at')
      .whereRaw(`products.shop_id in (${selling.sql})`, [...selling.bindings] as Knex.RawBinding[])
    return client
      .knexQuery()
      .table('product_variants')
      .where('id', variantId)
      .where('stock', '>=', quantity)
      .where('is_active', true)
      .whereNull('deleted_at')
      .whereIn('product_id', onSale)
      .update({ stock: client.knexRawQuery('stock - ?', [quantity]), updated_at: now })
      .returning(['id', 'product_id', 'shop_id', 'sku', 'stock'])
  }
)

/** A variant right after units were taken from it. */
export interface StockTaken {
  id: string
  productId: string
  shopId: string
  sku: string
  stock: number
}

/**
 * Takes `quantity` units of a variant, only if that many are there, the variant is active and not
 * deleted, and its product on sale (active, not taken down, not deleted, its shop selling), in
 * one statement; answers the variant with the stock left when it took them, null otherwise. The
 * row stays locked until `trx` ends.
 */
export async function takeStock(
  trx: TransactionClientContract,
  variantId: string,
  quantity: number
): Promise<StockTaken | null> {
  const taken = await decrement.rows<{
    id: string
    product_id: string
    shop_id: string
    sku: string
    stock: unknown
  }>([variantId, quantity, sqlTime(undefined, trx)], trx)
  if (taken.length !== 1) return null
  const [row] = taken
  return {
    id: row.id,
    productId: row.product_id,
    shopId: row.shop_id,
    sku: row.sku,
    stock: Number(row.stock),
  }
}

/**
 * The stock of a variant, locked on PostgreSQL until `trx` ends (SQLite runs one writer at a
 * time), for a change judged against it: a seller's new count crossing the low-stock threshold.
 */
export async function lockedStock(
  trx: TransactionClientContract,
  variantId: string
): Promise<number> {
  const query = trx.from('product_variants').where('id', variantId).select('stock')
  if (trx.dialect.name === 'postgres') query.forUpdate()
  const row = await query.firstOrFail()
  return Number(row.stock)
}

/** Puts `quantity` units of a variant back, whatever its state. */
export async function giveStockBack(
  trx: TransactionClientContract,
  variantId: string,
  quantity: number
): Promise<void> {
  await trx
    .from('product_variants')
    .where('id', variantId)
    .update({
      stock: trx.knexRawQuery('stock + ?', [quantity]),
      updated_at: sqlTime(undefined, trx),
    })
}
