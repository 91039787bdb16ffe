import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { Knex } from 'knex'
import Shop from '#models/shop'
import { sqlTime } from '#support/sql_time'
import { CompiledQuery } from '#queries/compiled_query'

/**
 * The conditional decrement of `takeStock`, compiled once (`CompiledQuery`): every placement
 * sends it, and building the `selling` scope it checks cost as much as sending it. It answers the
 * id of the product when it took the units, nothing otherwise.
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
      .returning(['id'])
  }
)

/**
 * Takes `quantity` units of a product, only if that many are there and it is on sale (active, not
 * taken down, not deleted, its shop selling), in one statement; answers whether it took them. The
 * row stays locked until `trx` ends.
 */
export async function takeStock(
  trx: TransactionClientContract,
  productId: string,
  quantity: number
): Promise<boolean> {
  const taken = await decrement.rows([productId, quantity, sqlTime(undefined, trx)], trx)
  return taken.length === 1
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
