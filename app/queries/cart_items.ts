import { randomUUID } from 'node:crypto'
import { DateTime } from 'luxon'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { StrictValues } from '@adonisjs/lucid/types/querybuilder'
import Product from '#models/product'
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from '#models/cart_item'
import { sqlTime } from '#support/sql_time'
import { CompiledQuery } from '#queries/compiled_query'
import type { PendingWrite } from '#queries/write_batch'

/** The lock `lockCartOwner` takes on the customer's row (`CompiledQuery`). */
const customerLock = new CompiledQuery<[userId: string]>(1, (client, userId) =>
  client.from('users').where('id', userId).select('id').forUpdate()
)

/**
 * Locks the customer's row for the transaction on PostgreSQL, so the statements that follow read
 * the cart lines committed by whoever held the lock before. Nothing on SQLite, which runs one
 * writer at a time: a transaction's first write holds the whole database.
 */
export async function lockCartOwner(trx: TransactionClientContract, userId: string) {
  if (trx.dialect.name !== 'postgres') return
  await customerLock.rows([userId], trx)
}

/**
 * The statement of `upsertCartLine`, compiled once (`CompiledQuery`): building the `onSale` scope
 * of `Product` cost as much as sending it. It answers the line's quantity when it wrote, nothing
 * otherwise.
 */
const upsertLine = new CompiledQuery<
  [
    id: string,
    userId: string,
    productId: string,
    variantId: string,
    quantity: number,
    now: Date | string,
  ]
>(6, (client, id, userId, productId, variantId, quantity, now) => {
  const postgres = client.dialect.name === 'postgres'
  // node-postgres leaves parameter types to the server, which types a bare parameter in a
  // SELECT list as text: the inserted values say their column's type.
  const typed = (type: string) => (postgres ? `cast(? as ${type})` : '?')
  const raw = client.getWriteClient()
  const source = Product.query({ client })
    .withScopes((scopes) => scopes.onSale())
    .join('product_variants', 'product_variants.product_id', 'products.id')
    .where('products.id', productId)
    .where('product_variants.id', variantId)
    .where('product_variants.is_active', true)
    .whereNull('product_variants.deleted_at')
    .where('product_variants.stock', '>=', quantity)
    .where((room) => {
      room
        .whereExists((line) => {
          line
            .from('cart_items')
            .where('cart_items.user_id', userId)
            .whereColumn('cart_items.variant_id', 'product_variants.id')
        })
        .orWhereRaw('(select count(*) from cart_items where cart_items.user_id = ?) < ?', [
          userId,
          MAX_CART_LINES,
        ])
    })
    .select(
      raw.raw(typed('uuid'), [id]),
      raw.raw(typed('uuid'), [userId]),
      'products.id',
      'product_variants.id',
      raw.raw(typed('integer'), [quantity]),
      raw.raw(typed('timestamptz'), [now]),
      raw.raw(typed('timestamptz'), [now])
    )
    .toSQL()
  const merged = `cart_items.quantity + excluded.quantity`
  return client.rawQuery(
    `insert into cart_items (id, user_id, product_id, variant_id, quantity, created_at, updated_at)
      ${source.sql}
      on conflict (user_id, variant_id) do update
      set quantity = ${merged}, updated_at = excluded.updated_at
      where ${merged} <= ?
        and ${merged} <= (select stock from product_variants
                           where product_variants.id = excluded.variant_id)
      returning quantity`,
    [...source.bindings, MAX_LINE_QUANTITY] as StrictValues[]
  )
})

/**
 * Inserts the line, or adds `quantity` to the line already there, in one statement on the
 * (user, variant) unique index that writes only when every limit holds: the variant is active and
 * its product on sale (the `onSale` scope of `Product`), the line stays within the variant's
 * stock and `MAX_LINE_QUANTITY`,
 * and a new line finds fewer than `MAX_CART_LINES` in the cart. Answers whether it wrote.
 */
export async function upsertCartLine(
  trx: TransactionClientContract,
  line: { userId: string; productId: string; variantId: string; quantity: number }
): Promise<boolean> {
  const now = sqlTime(DateTime.now(), trx) as Date | string
  const written = await upsertLine.rows(
    [randomUUID(), line.userId, line.productId, line.variantId, line.quantity, now],
    trx
  )
  return written.length === 1
}

/** The units of `variantId` in the customer's cart; null when it holds no such line. */
export async function cartLineQuantity(
  trx: TransactionClientContract,
  userId: string,
  variantId: string
): Promise<number | null> {
  const line = await trx
    .from('cart_items')
    .where({ user_id: userId, variant_id: variantId })
    .select('quantity')
    .first()
  return line ? Number(line.quantity) : null
}

/** How many lines the customer's cart holds. */
export async function cartLineCount(trx: TransactionClientContract, userId: string) {
  const [lines] = await trx.from('cart_items').where('user_id', userId).count('* as total')
  return Number(lines.total)
}

/** A variant and its units, as a cart held them. */
export interface HeldLine {
  variantId: string
  quantity: number
}

/**
 * Deletes every line of the customer's cart and answers what it held, for a batch of the
 * placement (`writeBatch`). Raw: knex leaves out the RETURNING of a delete on SQLite.
 */
export function emptyCartReturningLines(
  trx: TransactionClientContract,
  userId: string
): PendingWrite<HeldLine[]> {
  return {
    statement: trx
      .getWriteClient()
      .raw('delete from ?? where ?? = ? returning ??, ??', [
        'cart_items',
        'user_id',
        userId,
        'variant_id',
        'quantity',
      ]),
    settle: (rows) =>
      (rows as Array<{ variant_id: string; quantity: number | string }>).map((row) => ({
        variantId: row.variant_id,
        quantity: Number(row.quantity),
      })),
  }
}
