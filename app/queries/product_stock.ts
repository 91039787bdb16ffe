import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { Knex } from 'knex'
import Shop from '#models/shop'
import { sqlTime } from '#support/sql_time'
import { CompiledQuery } from '#queries/compiled_query'

/**
 * The conditional decrement of `takeStock`, compiled once (`CompiledQuery`): every placement
 * sends it, and building the `selling` scope it checks cost as much as sending it. It answers the
 * product (with the stock left) when it took the units, nothing otherwise.
 */
const decrement = new CompiledQuery<[productId: string, quantity: number, now: Date | string]>(
  3,
  (client, productId, quantity, now) => {
    const selling = Shop.query({ client })
      .withScopes((scopes) => scopes.selling())
      .select('shops.id')
      .toSQL()
    return client
      .knexQuery()
      .table('products')
      .where('id', productId)
      .where('stock', '>=', quantity)
      .where('is_active', true)
      .whereNull('taken_down_at')
      .whereNull('deleted_at')
      .whereRaw(`shop_id in (${selling.sql})`, [...selling.bindings] as Knex.RawBinding[])
      .update({ stock: client.knexRawQuery('stock - ?', [quantity]), updated_at: now })
      .returning(['id', 'shop_id', 'sku', 'stock'])
  }
)

/** A product right after units were taken from it. */
export interface StockTaken {
  id: string
  shopId: string
  sku: string
  stock: number
}

/**
 * Takes `quantity` units of a product, only if that many are there and it is on sale (active, not
 * taken down, not deleted, its shop selling), in one statement; answers the product with the
 * stock left when it took them, null otherwise. The row stays locked until `trx` ends.
 */
export async function takeStock(
  trx: TransactionClientContract,
  productId: string,
  quantity: number
): Promise<StockTaken | null> {
  const taken = await decrement.rows<{ id: string; shop_id: string; sku: string; stock: unknown }>(
    [productId, quantity, sqlTime(undefined, trx)],
    trx
  )
  if (taken.length !== 1) return null
  const [row] = taken
  return { id: row.id, shopId: row.shop_id, sku: row.sku, stock: Number(row.stock) }
}

/**
 * The stock of a product, locked on PostgreSQL until `trx` ends (SQLite runs one writer at a
 * time), for a change judged against it: a seller's new count crossing the low-stock threshold.
 */
export async function lockedStock(
  trx: TransactionClientContract,
  productId: string
): Promise<number> {
  const query = trx.from('products').where('id', productId).select('stock')
  if (trx.dialect.name === 'postgres') query.forUpdate()
  const row = await query.firstOrFail()
  return Number(row.stock)
}

/** Puts `quantity` units of a product back, whatever its state. */
export async function giveStockBack(
  trx: TransactionClientContract,
  productId: string,
  quantity: number
): Promise<void> {
  await trx
    .from('products')
    .where('id', productId)
    .update({
      stock: trx.knexRawQuery('stock + ?', [quantity]),
      updated_at: sqlTime(undefined, trx),
    })
}
